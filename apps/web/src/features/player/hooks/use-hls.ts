/**
 * Plays the program's HLS playlist in a <video>. hls.js (its light build, loaded only here) feeds Media
 * Source Extensions; browsers without MSE but with native HLS get the address directly.
 *
 * State: `status` goes connecting -> playing, back to connecting while the playlist is not there yet or a
 * fatal error made us start over (after RETRY_MS), and `mutedByPolicy` says autoplay only worked muted.
 * A new `src` or `reloadKey` (the program turned into the recording's VOD) starts from scratch.
 */
import type { Latency } from '@stromwerk/contracts/outputs';
import type HlsType from 'hls.js';
import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';
import { NO_QUALITY, type QualityState, qualityLevels } from '../quality';
import { watchFrozenPicture } from './frozen-picture';
import { preloadHls } from './hls-loader';
import { LADDER_ABR, type PacedHls, watchPartPace } from './ladder-abr';

const RETRY_MS = 3000;
/** A low-latency playlist with no whole segment yet is asked for again after this (a part is 0.3 s). */
const FIRST_PLAYLIST_RETRY_MS = 400;

/**
 * How far behind the playlist's end playback sits. Low latency is LL-HLS: hls.js keeps to the playlist's
 * PART-HOLD-BACK (0.9 s: three parts of 0.3 s) and speeds up a little when it fell behind; the figure
 * here is only what the DVR bar calls live. Otherwise the server's segments are 2, 4 and 8 s long, and
 * the distance must exceed one segment or playback stalls waiting for the next. A viewer sees this plus
 * 1.5 s up to one segment more (how old the newest segment is when it joins; bench/glass-to-glass.ts);
 * the goals: normal < 6 s, high < 10 s, very high < 20 s.
 */
export const LIVE_SYNC_SECONDS: Record<Latency, number> = {
  realtime: 0.9,
  low: 0.9,
  normal: 3.5,
  high: 5,
  'very-high': 10,
};

export type PlaybackStatus = 'idle' | 'connecting' | 'playing';

/** Where a low-latency viewer starts: the newest independent part at least PART-HOLD-BACK from the end. */
export function newestIndependentPart(details: {
  partList: readonly { independent: boolean; start: number }[] | null;
  edge: number;
  partHoldBack: number;
}): number | null {
  const limit = details.edge - details.partHoldBack;
  const parts = details.partList ?? [];
  for (let i = parts.length - 1; i >= 0; i--)
    if (parts[i]!.independent && parts[i]!.start <= limit) return parts[i]!.start;
  return null;
}

/**
 * What the player does about an hls.js error. A stream that just began lists parts but no whole segment
 * yet: hls.js reports the playlist empty and, while its loading is not started (low latency starts it
 * after the first playlist), would never ask again, so the player asks again soon. A media error is
 * recovered in place; any other fatal error (the playlist not written yet after a program switch, the
 * network gone) starts over after a pause; the rest hls.js handles itself.
 */
export function answerToError(error: {
  loading: boolean;
  fatal: boolean;
  media: boolean;
  emptyPlaylist: boolean;
}): 'ask-again-soon' | 'recover' | 'start-over' | 'ignore' {
  if (!error.loading && error.emptyPlaylist) return 'ask-again-soon';
  if (!error.fatal) return 'ignore';
  return error.media ? 'recover' : 'start-over';
}

/** Plays with sound, or muted where the browser's autoplay policy wants a gesture for sound. */
export async function autoplay(video: HTMLVideoElement, onMuted: () => void) {
  try {
    await video.play();
  } catch (error) {
    // Browsers refuse sound without a user gesture: start muted, the viewer can unmute.
    if ((error as DOMException)?.name !== 'NotAllowedError') return;
    video.muted = true;
    onMuted();
    await video.play().catch(() => undefined);
  }
}

export function useHls(
  videoRef: RefObject<HTMLVideoElement | null>,
  src: string | null,
  latency: Latency,
  reloadKey: string,
) {
  const [status, setStatus] = useState<PlaybackStatus>('idle');
  const [mutedByPolicy, setMutedByPolicy] = useState(false);
  const current = useRef<HlsType | null>(null);
  // A player with a quality ladder: its rungs, the one playing, auto or the viewer's choice (issue 34).
  const [quality, setQuality] = useState<QualityState>(NO_QUALITY);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new reloadKey (live <-> VOD) starts over
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !src) {
      setStatus('idle');
      return;
    }
    let hls: HlsType | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    // A hole in the video at a program switch must not freeze the picture for seconds (frozen-picture.ts).
    const stopWatch = watchFrozenPicture(video);
    const onMuted = () => setMutedByPolicy(true);
    const onPlaying = () => setStatus('playing');
    const onWaiting = () => setStatus((s) => (s === 'playing' ? 'connecting' : s));
    video.addEventListener('playing', onPlaying);
    video.addEventListener('waiting', onWaiting);
    setStatus('connecting');

    const start = async () => {
      const { default: Hls } = await preloadHls();
      if (stopped) return;
      if (!Hls.isSupported()) {
        video.src = src;
        void autoplay(video, onMuted);
        return;
      }
      // Joining fast (issue 30): low latency waits for the first playlist and starts at the newest
      // independent part PART-HOLD-BACK allows (below): hls.js's own start, the hold-back before the end,
      // lies inside a GOP, so the first picture waited for every part from the GOP's start (eight
      // requests in a row, 2-3 s on a busy machine); from an independent part it is one small request.
      // Real time plays here as its fallback, LL-HLS.
      const low = latency === 'low' || latency === 'realtime';
      const instance = new Hls(
        low
          ? { lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, autoStartLoad: false, ...LADDER_ABR }
          : { lowLatencyMode: false, liveSyncDuration: LIVE_SYNC_SECONDS[latency], ...LADDER_ABR },
      );
      let loading = !low;
      if (low) {
        instance.once(Hls.Events.LEVEL_LOADED, (_event, { details }) => {
          if (loading) return;
          loading = true;
          instance.startLoad(newestIndependentPart(details) ?? -1);
        });
        // A quality ladder's multivariant playlist: hls.js loads no rung's playlist before startLoad, so
        // the wait above would never end; it starts where hls.js's own rule puts it (PART-HOLD-BACK).
        instance.once(Hls.Events.MANIFEST_PARSED, (_event, { levels }) => {
          if (levels.length < 2 || loading) return;
          loading = true;
          instance.startLoad(-1);
        });
      }
      hls = instance;
      current.current = instance;
      const startOver = (afterMs: number) => {
        instance.destroy();
        hls = null;
        setStatus('connecting');
        retry = setTimeout(() => void start(), afterMs);
      };
      instance.on(Hls.Events.MANIFEST_PARSED, () => {
        // A low-latency ladder drops a rung as soon as a part loads slower than real time (ladder-abr.ts).
        if (low && instance.levels.length > 1) watchPartPace(instance as unknown as PacedHls, Hls.Events);
        setQuality({ ...NO_QUALITY, levels: qualityLevels(instance.levels) });
        void autoplay(video, onMuted);
      });
      instance.on(Hls.Events.LEVEL_SWITCHED, (_event, { level }) =>
        setQuality((q) => ({ ...q, playing: level })),
      );
      instance.on(Hls.Events.ERROR, (_event, data) => {
        const answer = answerToError({
          loading,
          fatal: data.fatal,
          media: data.type === Hls.ErrorTypes.MEDIA_ERROR,
          emptyPlaylist: data.details === Hls.ErrorDetails.LEVEL_EMPTY_ERROR,
        });
        if (answer === 'recover') instance.recoverMediaError();
        else if (answer === 'ask-again-soon') startOver(FIRST_PLAYLIST_RETRY_MS);
        else if (answer === 'start-over') startOver(RETRY_MS);
      });
      instance.loadSource(src);
      instance.attachMedia(video);
    };
    void start();

    return () => {
      stopped = true;
      stopWatch();
      clearTimeout(retry);
      hls?.destroy();
      current.current = null;
      setQuality(NO_QUALITY);
      video.removeEventListener('playing', onPlaying);
      video.removeEventListener('waiting', onWaiting);
      video.removeAttribute('src');
      video.load();
    };
  }, [videoRef, src, latency, reloadKey]);

  // Where hls.js puts "live" (its live sync position, which moves with each playlist reload); null
  // without hls.js or before its first playlist.
  const livePosition = useCallback(() => current.current?.liveSyncPosition ?? null, []);
  // A rung chosen by the viewer, or -1: hls.js picks by bandwidth again. `nextLevel` switches at the
  // next fragment boundary (the buffer plays out), not by flushing it as `currentLevel` would.
  const chooseLevel = useCallback((index: number) => {
    const hls = current.current;
    if (!hls) return;
    hls.nextLevel = index;
    setQuality((q) => ({ ...q, auto: index < 0, chosen: index }));
  }, []);
  return {
    status,
    mutedByPolicy,
    clearMuted: () => setMutedByPolicy(false),
    livePosition,
    quality,
    chooseLevel,
  };
}
