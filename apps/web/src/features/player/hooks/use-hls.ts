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
import { takeEarlyHls } from './early-playback';
import { watchFrozenPicture } from './frozen-picture';
import { preloadHls } from './hls-loader';
import { answerToError, autoplay, startHls } from './hls-setup';

const RETRY_MS = 3000;
/** A low-latency playlist with no whole segment yet is asked for again after this (a part is 0.3 s). */
const FIRST_PLAYLIST_RETRY_MS = 400;

export { answerToError, autoplay, LIVE_SYNC_SECONDS, newestIndependentPart } from './hls-setup';
export type PlaybackStatus = 'idle' | 'connecting' | 'playing';

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
      // An early start the page does not play (offline meanwhile, WebRTC) is stopped.
      takeEarlyHls(null);
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
      // The page's early start (early-playback.ts) may be playing this address already.
      const early = takeEarlyHls(src);
      if (!early && !Hls.isSupported()) {
        video.src = src;
        void autoplay(video, onMuted);
        return;
      }
      const started = early?.started ?? startHls(Hls, src, latency, video);
      const instance = started.hls;
      if (early) {
        // What happened before this hook: the muted autoplay, the levels, the rung and picture playing.
        if (early.muted) onMuted();
        if (instance.levels.length > 0)
          setQuality({
            ...NO_QUALITY,
            levels: qualityLevels(instance.levels),
            playing: instance.currentLevel,
          });
        if (!video.paused && video.readyState > 2) setStatus('playing');
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
        setQuality({ ...NO_QUALITY, levels: qualityLevels(instance.levels) });
        void autoplay(video, onMuted);
      });
      instance.on(Hls.Events.LEVEL_SWITCHED, (_event, { level }) =>
        setQuality((q) => ({ ...q, playing: level })),
      );
      instance.on(Hls.Events.ERROR, (_event, data) => {
        const answer = answerToError({
          loading: started.loading(),
          fatal: data.fatal,
          media: data.type === Hls.ErrorTypes.MEDIA_ERROR,
          emptyPlaylist: data.details === Hls.ErrorDetails.LEVEL_EMPTY_ERROR,
        });
        if (answer === 'recover') instance.recoverMediaError();
        else if (answer === 'ask-again-soon') startOver(FIRST_PLAYLIST_RETRY_MS);
        else if (answer === 'start-over') startOver(RETRY_MS);
      });
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
