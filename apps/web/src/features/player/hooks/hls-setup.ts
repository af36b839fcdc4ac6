/**
 * How the player starts hls.js, shared by the page's early start (early-playback.ts, before React) and
 * the player's hook (use-hls.ts), so both play a stream the same way. Like hls-loader.ts it imports
 * nothing heavy at run time: it is part of the page's entry chunk.
 */
import type { Latency } from '@stromwerk/contracts/outputs';
import type HlsType from 'hls.js';
import { LADDER_ABR, type PacedHls, watchPartPace } from './ladder-abr';
import { prefetchingLoader } from './prefetch';

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

/** Low latency (and real time, whose fallback it is) plays LL-HLS. */
export const playsLowLatency = (latency: Latency) => latency === 'low' || latency === 'realtime';

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

export interface StartedHls {
  hls: HlsType;
  /** Whether hls.js loads media yet (low latency starts it once the first playlist is in). */
  loading: () => boolean;
}

/**
 * Moves the playhead to where the first part begins as soon as every track of it is appended: hls.js
 * does so only once the part is buffered and its next check runs, 0.2-0.4 s later on a busy 2-core
 * machine, and the first frame is decoded only after that seek (issue 30 item 3). Its own seek is then
 * not needed (it seeks only while the playhead is before its start position). True once the playhead is
 * there (by this seek or hls.js's own), false while there is nothing to seek to yet.
 */
export function seekToFirstPart(
  hls: { startPosition: number },
  video: Pick<HTMLVideoElement, 'buffered' | 'currentTime'>,
): boolean {
  const { buffered } = video;
  if (hls.startPosition < 0) return false;
  if (video.currentTime >= hls.startPosition && video.currentTime > 0) return true;
  if (buffered.length === 0) return false;
  const start = Math.max(hls.startPosition, buffered.start(0));
  if (start >= buffered.end(0)) return false;
  video.currentTime = start;
  return true;
}

/**
 * A new hls.js playing `src` in `video`. Joining fast (issue 30): low latency waits for the first
 * playlist and starts at the newest independent part PART-HOLD-BACK allows: hls.js's own start, the
 * hold-back before the end, lies inside a GOP, so the first picture waited for every part from the GOP's
 * start (eight requests in a row, 2-3 s on a busy machine); from an independent part it is one small
 * request. Real time plays here as its fallback, LL-HLS.
 */
export function startHls(
  Hls: typeof HlsType,
  src: string,
  latency: Latency,
  video: HTMLVideoElement,
): StartedHls {
  const low = playsLowLatency(latency);
  // What the page's early start fetched already is taken from there (prefetch.ts).
  const loader = prefetchingLoader(Hls.DefaultConfig.loader);
  const common = { loader, ...LADDER_ABR };
  const hls = new Hls(
    low
      ? { lowLatencyMode: true, maxLiveSyncPlaybackRate: 1.5, autoStartLoad: false, ...common }
      : { lowLatencyMode: false, liveSyncDuration: LIVE_SYNC_SECONDS[latency], ...common },
  );
  let loading = !low;
  if (low) {
    hls.once(Hls.Events.LEVEL_LOADED, (_event, { details }) => {
      if (loading) return;
      loading = true;
      hls.startLoad(newestIndependentPart(details) ?? -1);
    });
    const seekOnAppend = () => {
      if (seekToFirstPart(hls, video)) hls.off(Hls.Events.BUFFER_APPENDED, seekOnAppend);
    };
    hls.on(Hls.Events.BUFFER_APPENDED, seekOnAppend);
    // A quality ladder's multivariant playlist: hls.js loads no rung's playlist before startLoad, so
    // the wait above would never end; it starts where hls.js's own rule puts it (PART-HOLD-BACK).
    hls.once(Hls.Events.MANIFEST_PARSED, (_event, { levels }) => {
      if (levels.length < 2 || loading) return;
      loading = true;
      hls.startLoad(-1);
    });
  }
  // A low-latency ladder drops a rung as soon as a part loads slower than real time (ladder-abr.ts).
  if (low)
    hls.once(Hls.Events.MANIFEST_PARSED, (_event, { levels }) => {
      if (levels.length > 1) watchPartPace(hls as unknown as PacedHls, Hls.Events);
    });
  hls.loadSource(src);
  hls.attachMedia(video);
  return { hls, loading: () => loading };
}
