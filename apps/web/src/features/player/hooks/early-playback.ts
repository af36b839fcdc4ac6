/**
 * Joining fast (issue 30 item 3): the program starts playing as soon as the early session answers
 * (api/early-start.ts), before React and the player's chunks have loaded, in a <video> of its own that
 * fills the page. The player's stage then takes that element into its frame (use-stage-video.ts) and
 * its hook takes the running hls.js over (use-hls.ts): the picture goes on, nothing is loaded twice.
 * Started from the hook, hls.js asked for its first playlist 0.7-1.1 s after the page's chunks were in
 * on a busy 2-core machine (the JavaScript of React and the player's first render).
 * Its first loads are fetched before hls.js runs (prefetch.ts). Like early-start.ts this module imports
 * only what the page's entry holds (hls-loader, hls-setup, prefetch, first-loads).
 */
import type { PlaySession } from '@stromwerk/contracts/outputs';
import { firstLoads } from './first-loads';
import { preloadHls } from './hls-loader';
import { answerToError, autoplay, playsLowLatency, type StartedHls, startHls } from './hls-setup';
import { dropPrefetches, prefetch } from './prefetch';

interface EarlyPlayback {
  src: string;
  started: StartedHls | null;
  /** The browser wanted a gesture for sound: playing muted. */
  muted: boolean;
  /** hls.js failed before the hook took it: the hook starts its own. */
  failed: boolean;
  /** Ends this module's handling of hls.js's errors (the hook's own takes over). */
  release: () => void;
  /** Settles once the picture plays, autoplay was refused even muted, or the start failed. */
  shown: Promise<void>;
}

let earlyVideo: HTMLVideoElement | null = null;
let early: EarlyPlayback | null = null;

/** The stage's <video>: fills its frame, the picture letterboxed in the player's direction. */
export function createStageVideo(): HTMLVideoElement {
  const video = document.createElement('video');
  video.playsInline = true;
  video.controls = true;
  Object.assign(video.style, {
    position: 'absolute',
    inset: '0',
    width: '100%',
    height: '100%',
    objectFit: 'contain',
  });
  return video;
}

/**
 * Starts playing the session's HLS address in a page-filling <video> (in the player's background
 * colour) when the page will play HLS: not offline, not over WebRTC (`webrtc`), hls.js or native HLS.
 */
export function startEarlyPlayback(session: PlaySession, webrtc: boolean) {
  const src = session.hlsUrl;
  if (!src || session.input === 'offline' || webrtc || early) return;
  const video = createStageVideo();
  const holder = document.createElement('div');
  holder.dataset.earlyPlayback = '';
  Object.assign(holder.style, { position: 'fixed', inset: '0', background: session.background });
  holder.append(video);
  document.body.append(holder);
  earlyVideo = video;
  let settle = () => {};
  const shown = new Promise<void>((resolve) => {
    settle = resolve;
  });
  const playback: EarlyPlayback = {
    src,
    started: null,
    muted: false,
    failed: false,
    release: () => {},
    shown,
  };
  early = playback;
  // The first playlist, and what hls.js will load first from it, while hls.js itself still loads.
  void prefetch(src, 'text').then((hit) => {
    if (typeof hit?.data !== 'string') return;
    for (const uri of firstLoads(hit.data, playsLowLatency(session.latency)))
      void prefetch(new URL(uri, hit.url).href, 'arraybuffer');
  });
  const onMuted = () => {
    playback.muted = true;
  };
  void preloadHls().then(({ default: Hls }) => {
    if (early !== playback) return settle();
    if (!Hls.isSupported()) {
      video.src = src;
      void autoplay(video, onMuted).finally(settle);
      return;
    }
    const started = startHls(Hls, src, session.latency, video);
    playback.started = started;
    started.hls.once(Hls.Events.MANIFEST_PARSED, () => void autoplay(video, onMuted).finally(settle));
    // Until the hook takes over, whatever its rule would answer (answerToError) hands the start to the
    // hook, which then answers it with a start of its own.
    const onError = (_event: unknown, data: { fatal: boolean; details: string; type: string }) => {
      const answer = answerToError({
        loading: started.loading(),
        fatal: data.fatal,
        media: data.type === Hls.ErrorTypes.MEDIA_ERROR,
        emptyPlaylist: data.details === Hls.ErrorDetails.LEVEL_EMPTY_ERROR,
      });
      if (answer === 'ignore') return;
      playback.failed = true;
      started.hls.destroy();
      settle();
    };
    started.hls.on(Hls.Events.ERROR, onError);
    playback.release = () => started.hls.off(Hls.Events.ERROR, onError);
  }, settle);
}

/** Settles once the early picture plays or will not (see EarlyPlayback.shown); at once when none started. */
export function earlyPictureShown(): Promise<void> {
  return early?.shown ?? Promise.resolve();
}

/** The early <video>, once, out of its page-filling holder (the stage puts it in its frame); else null. */
export function takeEarlyVideo(): HTMLVideoElement | null {
  const video = earlyVideo;
  earlyVideo = null;
  const holder = video?.parentElement;
  video?.remove();
  if (holder?.dataset.earlyPlayback !== undefined) holder?.remove();
  return video;
}

/**
 * The hls.js started early for `src`, once, with whether it plays muted; null when there is none (not
 * started, not loaded yet, failed, or for another address: that one is stopped).
 */
export function takeEarlyHls(src: string | null): { started: StartedHls; muted: boolean } | null {
  const playback = early;
  early = null;
  if (!playback?.started || playback.failed || playback.src !== src) {
    playback?.started?.hls.destroy();
    dropPrefetches();
    return null;
  }
  playback.release();
  return { started: playback.started, muted: playback.muted };
}
