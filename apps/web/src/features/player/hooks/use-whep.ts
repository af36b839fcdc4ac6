/**
 * Plays a real-time player's program over WebRTC (issue 35), offered and answered WHEP style (RFC 9725):
 * a recvonly offer of video and audio, every candidate gathered first (the server does not trickle
 * either), POSTed with the viewer token; the answer's `Location` is the viewer's resource, DELETEd when
 * the player leaves. Whatever keeps WebRTC from playing (a refused or failed offer, no connection in
 * time, no picture in time, a connection that fails or stays lost) calls `onFallBack` once: the stage
 * then plays the same player's LL-HLS (`whepNext` below decides, the effect only reports events).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { autoplay, type PlaybackStatus } from './use-hls';

/** No `connected` by then: UDP does not get through (a firewall, no route to the server's candidates). */
export const CONNECT_DEADLINE_MS = 5000;
/** Connected but no picture by then (the first keyframe is at most a GOP of 2-4 s after connecting). */
export const PICTURE_DEADLINE_MS = 10_000;
/** A connection `disconnected` this long is given up (Chromium says `failed` only after some 30 s). */
export const RECONNECT_DEADLINE_MS = 3000;
/** Gathering waits at most this long; the offer then carries the candidates found so far. */
const GATHER_CAP_MS = 1500;

export type WhepEvent =
  /** The answer to the offer's POST (201 is an answer; 409 REALTIME_OFF / PROGRAM_NOT_LIVE, 4xx, 5xx). */
  | { kind: 'answer'; status: number }
  /** The POST did not get an answer, or the browser refused the offer or the answer. */
  | { kind: 'error' }
  | { kind: 'state'; state: RTCPeerConnectionState }
  /** A deadline passed: `connected` and `playing` say what the player has reached by then. */
  | { kind: 'deadline'; which: 'connect' | 'picture' | 'reconnect'; connected: boolean; playing: boolean };

/** What the player does next: go on waiting, play, arm the reconnect deadline, or play LL-HLS instead. */
export type WhepAction = 'wait' | 'play' | 'watch' | 'fall-back';

export function whepNext(event: WhepEvent): WhepAction {
  switch (event.kind) {
    case 'answer':
      return event.status === 201 ? 'wait' : 'fall-back';
    case 'error':
      return 'fall-back';
    case 'state':
      if (event.state === 'connected') return 'play';
      if (event.state === 'disconnected') return 'watch';
      return event.state === 'failed' || event.state === 'closed' ? 'fall-back' : 'wait';
    case 'deadline':
      if (event.which === 'picture') return event.playing ? 'wait' : 'fall-back';
      return event.connected ? 'wait' : 'fall-back';
  }
}

/** The WHEP endpoint of a player for one viewer token (same origin as the page, like the HLS address). */
export const whepUrl = (outputId: string, token: string) =>
  `/v1/play/${encodeURIComponent(outputId)}/whep?t=${encodeURIComponent(token)}`;

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

/** Whether this browser can try WebRTC at all; without it a real-time player plays LL-HLS at once. */
export const canPlayWebRtc = () => typeof window !== 'undefined' && 'RTCPeerConnection' in window;

/**
 * Plays over WebRTC while `url` is set (null: this hook does nothing). `onFallBack` is called at most
 * once per url; the caller then clears `url` and plays HLS.
 */
export function useWhep(
  videoRef: RefObject<HTMLVideoElement | null>,
  url: string | null,
  onFallBack: () => void,
) {
  const [status, setStatus] = useState<PlaybackStatus>('idle');
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const fallBackRef = useRef(onFallBack);
  fallBackRef.current = onFallBack;

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !url) {
      setStatus('idle');
      return;
    }
    const pc = new RTCPeerConnection();
    const controller = new AbortController();
    const timers: ReturnType<typeof setTimeout>[] = [];
    let resource: string | null = null;
    let done = false;
    let playing = false;
    setStatus('connecting');

    const act = (event: WhepEvent) => {
      if (done) return;
      const action = whepNext(event);
      if (action === 'play') {
        if (video.srcObject === stream) return; // connected again after a short loss: it plays on
        video.srcObject = stream;
        void autoplay(video, () => setMutedByPolicy(true));
      } else if (action === 'watch') deadline('reconnect', RECONNECT_DEADLINE_MS);
      else if (action === 'fall-back') {
        done = true;
        fallBackRef.current();
      }
    };
    const deadline = (which: 'connect' | 'picture' | 'reconnect', ms: number) =>
      timers.push(
        setTimeout(
          () => act({ kind: 'deadline', which, connected: pc.connectionState === 'connected', playing }),
          ms,
        ),
      );
    const stream = new MediaStream();
    pc.addTransceiver('video', { direction: 'recvonly' });
    pc.addTransceiver('audio', { direction: 'recvonly' });
    pc.addEventListener('track', ({ track }) => stream.addTrack(track));
    pc.addEventListener('connectionstatechange', () => act({ kind: 'state', state: pc.connectionState }));
    const onPlaying = () => {
      playing = true;
      setStatus('playing');
    };
    const onWaiting = () => setStatus((s) => (s === 'playing' ? 'connecting' : s));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    deadline('connect', CONNECT_DEADLINE_MS);
    deadline('picture', PICTURE_DEADLINE_MS);

    const offer = async () => {
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc);
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/sdp' },
        body: pc.localDescription?.sdp ?? '',
        signal: controller.signal,
      });
      // Noted before anything else: a peer the server made is DELETEd when the player leaves or falls back.
      if (response.status === 201) resource = response.headers.get('Location');
      act({ kind: 'answer', status: response.status });
      if (response.status !== 201 || done) return;
      await pc.setRemoteDescription({ type: 'answer', sdp: await response.text() });
    };
    offer().catch(() => act({ kind: 'error' }));

    // The server would notice a peer gone only when ICE consent fails (some 30 s): say so at once, also
    // when the page itself goes (closed, reloaded, navigated away: React runs no cleanup then), with
    // `keepalive` so the request outlives the page.
    const end = () => {
      const gone = resource;
      resource = null;
      if (gone) void fetch(gone, { method: 'DELETE', keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', end);

    return () => {
      done = true;
      controller.abort();
      for (const timer of timers) clearTimeout(timer);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      window.removeEventListener('pagehide', end);
      pc.close();
      video.srcObject = null;
      end();
    };
  }, [videoRef, url]);

  return { status, mutedByPolicy, clearMuted: () => setMutedByPolicy(false) };
}
