/**
 * The seek math of a live program with a DVR window (latency high and very high). The browser's
 * `video.seekable` spans the playlist (hls.js sets it from the DVR window); "live" is hls.js's live sync
 * position when it knows one, else `liveSync` seconds before the end of that range. Positions are
 * media-timeline seconds.
 */

/** Seconds that still count as "at live": one segment of the high profile plus a little slack. */
export const AT_LIVE_SECONDS = 8;
/** Left/Right move this far. */
export const SEEK_STEP_SECONDS = 10;

export interface DvrWindow {
  /** Oldest position still in the window. */
  start: number;
  /** Where "Back to live" seeks. */
  live: number;
  current: number;
  /** Seconds behind the live position (0 at live). */
  behind: number;
  atLive: boolean;
}

/** The window from a seekable range; null when there is none yet (or it has no room to seek). */
export function dvrWindow(
  seekable: { start: number; end: number } | null,
  current: number,
  liveSync: number,
  livePosition: number | null = null,
): DvrWindow | null {
  if (!seekable || !(seekable.end > seekable.start)) return null;
  const start = seekable.start;
  const edge =
    livePosition !== null && Number.isFinite(livePosition) ? livePosition : seekable.end - liveSync;
  const live = Math.max(start, Math.min(edge, seekable.end));
  const clamped = Math.min(Math.max(current, start), live);
  const behind = Math.max(0, live - clamped);
  return { start, live, current: clamped, behind, atLive: behind < AT_LIVE_SECONDS };
}

/** Where a seek of `delta` seconds lands, kept inside the window. */
export const seekTo = (w: DvrWindow, delta: number) => Math.min(Math.max(w.current + delta, w.start), w.live);

/** `-0:30`, `-12:05`, `-1:02:03`: how far behind live, as the player shows it. */
export function formatBehind(seconds: number): string {
  return `-${formatClock(seconds)}`;
}

/** `0:30`, `12:05`, `1:02:03`. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}
