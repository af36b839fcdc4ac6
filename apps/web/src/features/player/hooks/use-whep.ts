/**
 * Plays a real-time player's program over WebRTC (issue 35), offered and answered WHEP style (RFC 9725):
 * a recvonly offer of video and audio, every candidate gathered first (the server does not trickle
 * either), POSTed with the viewer token (api/early-whep.ts; usually already started when the early
 * session answered); the answer's `Location` is the viewer's resource, DELETEd when the player leaves. Whatever keeps WebRTC from playing (a refused or failed offer, no connection in
 * time, no picture in time, a connection that fails or stays lost) calls `onFallBack` once: the stage
 * then plays the same player's LL-HLS (`whepNext` below decides, the effect only reports events).
 */
import { type RefObject, useEffect, useRef, useState } from 'react';
import { startWhep, takeEarlyWhep } from '../api/early-whep';
import { autoplay, type PlaybackStatus } from './use-hls';

/** No `connected` by then: UDP does not get through (a firewall, no route to the server's candidates). */
export const CONNECT_DEADLINE_MS = 5000;
/** Connected but no picture by then (the first keyframe is at most a GOP of 2-4 s after connecting). */
export const PICTURE_DEADLINE_MS = 10_000;
/** A connection `disconnected` this long is given up (Chromium says `failed` only after some 30 s). */
export const RECONNECT_DEADLINE_MS = 3000;
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

export { canPlayWebRtc, whepUrl } from '../api/early-whep';

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
    // The offer may be under way already (started when the early session answered: api/early-whep.ts).
    const start = takeEarlyWhep(url) ?? startWhep(url);
    const { pc, stream } = start;
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

    // The server would notice a peer gone only when ICE consent fails (some 30 s): say so at once, also
    // when the page itself goes (closed, reloaded, navigated away: React runs no cleanup then), with
    // `keepalive` so the request outlives the page.
    const end = () => {
      const gone = resource;
      resource = null;
      if (gone) void fetch(gone, { method: 'DELETE', keepalive: true }).catch(() => undefined);
    };
    window.addEventListener('pagehide', end);

    start.answered.then(
      (answer) => {
        // Noted before anything else: a peer the server made is DELETEd when the player leaves or falls
        // back, also when the answer comes after this effect ended.
        resource = answer.resource;
        if (done) return end();
        act({ kind: 'answer', status: answer.status });
      },
      () => act({ kind: 'error' }),
    );
    // An early start may have connected before this effect ran: its state changes went unheard.
    start.applied.then(
      () => pc.connectionState !== 'new' && act({ kind: 'state', state: pc.connectionState }),
      () => act({ kind: 'error' }),
    );

    return () => {
      done = true;
      start.abort();
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
