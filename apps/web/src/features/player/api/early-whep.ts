/**
 * The WHEP offer of a real-time player (issue 35), started as early as the page knows it plays WebRTC:
 * right when the early session answers (api/early-start.ts), while React and the player's chunks still
 * load. A WebRTC viewer can only start at the program's next keyframe (the picture is the encoder's,
 * copied: a keyframe every GOP); the earlier the peer connects, the more of that wait passes while the
 * page itself loads. Started from the player's hook, the offer left 0.6-0.9 s after the session's
 * answer on a busy 2-core machine (bench/glass-to-glass.ts, realtime). The hook (use-whep.ts) takes the
 * started peer over. Like early-start.ts this module imports nothing: it is part of the page's entry.
 */
import type { PlaySession } from '@stromwerk/contracts/outputs';

/** Gathering waits at most this long; the offer then carries the candidates found so far. */
const GATHER_CAP_MS = 1500;

/** Whether this browser can try WebRTC at all; without it a real-time player plays LL-HLS at once. */
export const canPlayWebRtc = () => typeof window !== 'undefined' && 'RTCPeerConnection' in window;

/** The WHEP endpoint of a player for one viewer token (same origin as the page, like the HLS address). */
export const whepUrl = (outputId: string, token: string) =>
  `/v1/play/${encodeURIComponent(outputId)}/whep?t=${encodeURIComponent(token)}`;

/** Whether the player page plays this session over WebRTC (until it falls back): the live program in realtime. */
export const playsWebRtc = (s: PlaySession) =>
  s.latency === 'realtime' && s.input !== 'offline' && s.input !== 'vod' && !!s.hlsUrl && canPlayWebRtc();

export interface WhepStart {
  pc: RTCPeerConnection;
  /** The received tracks (a video and an audio one), for the <video>'s srcObject. */
  stream: MediaStream;
  /** The POST's status and the viewer's resource (`Location`, with 201); rejects when the POST failed. */
  answered: Promise<{ status: number; resource: string | null }>;
  /** The answer applied (with 201; nothing to apply otherwise); rejects when the browser refused it. */
  applied: Promise<void>;
  /** Aborts a POST still under way. */
  abort: () => void;
}

function gathered(pc: RTCPeerConnection): Promise<void> {
  if (pc.iceGatheringState === 'complete') return Promise.resolve();
  return new Promise((resolve) => {
    const cap = setTimeout(resolve, GATHER_CAP_MS);
    pc.addEventListener('icegatheringstatechange', () => {
      if (pc.iceGatheringState !== 'complete') return;
      clearTimeout(cap);
      resolve();
    });
  });
}

/**
 * A recvonly offer of video and audio, every candidate gathered first (the server does not trickle
 * either), POSTed to `url`; the answer is applied as soon as it comes, so ICE connects by itself.
 */
export function startWhep(url: string): WhepStart {
  const pc = new RTCPeerConnection();
  const stream = new MediaStream();
  const controller = new AbortController();
  pc.addTransceiver('video', { direction: 'recvonly' });
  pc.addTransceiver('audio', { direction: 'recvonly' });
  pc.addEventListener('track', ({ track }) => stream.addTrack(track));
  const response = (async () => {
    await pc.setLocalDescription(await pc.createOffer());
    await gathered(pc);
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/sdp' },
      body: pc.localDescription?.sdp ?? '',
      signal: controller.signal,
    });
  })();
  const answered = response.then((r) => ({
    status: r.status,
    resource: r.status === 201 ? r.headers.get('Location') : null,
  }));
  const applied = response.then(async (r) => {
    if (r.status !== 201) return;
    await pc.setRemoteDescription({ type: 'answer', sdp: await r.text() });
  });
  // Whoever takes the start handles both; an early start nobody took must not throw unhandled.
  answered.catch(() => undefined);
  applied.catch(() => undefined);
  return { pc, stream, answered, applied, abort: () => controller.abort() };
}

let early: { url: string; start: WhepStart } | null = null;

/** Starts the offer for `url` now, for the player's hook to take (one at a time). */
export function startEarlyWhep(url: string) {
  early = { url, start: startWhep(url) };
}

/**
 * The offer started early for this url, once; null when none was (the hook then starts its own). One
 * started for another url (a session the page did not use) is ended, its resource DELETEd.
 */
export function takeEarlyWhep(url: string): WhepStart | null {
  if (!early) return null;
  const { start } = early;
  const same = early.url === url;
  early = null;
  if (same) return start;
  start.abort();
  start.pc.close();
  void start.answered
    .then(({ resource }) => {
      if (resource) void fetch(resource, { method: 'DELETE', keepalive: true }).catch(() => undefined);
    })
    .catch(() => undefined);
  return null;
}
