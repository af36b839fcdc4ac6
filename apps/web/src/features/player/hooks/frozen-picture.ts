/**
 * A picture frozen while the clock runs: when the video track has a hole (measured: one frame, 40 ms,
 * where the program continues behind a writer restart with its #EXT-X-DISCONTINUITY) and the audio has
 * none, Chromium plays on with the audio, holds the last picture and only reports `waiting` about 3 s
 * later; hls.js nudges past the hole only then (bench/glass-to-glass.ts measured freezes of 3.05 and
 * 3.12 s this way, while `currentTime` kept moving). A seek to the current position makes the browser
 * read the video again from the buffered frames after the hole.
 *
 * `FrameWatch` is the pure decision: it learns from presented frames (requestVideoFrameCallback) and
 * says when the picture is stuck although playback goes on.
 */

/** The shortest stillness that counts as stuck (a late frame on a busy page is not). */
export const STUCK_MIN_MS = 400;
/** Stuck after this many usual frame intervals without a frame (a slide show has long ones). */
const STUCK_FRAMES = 4;
const INTERVALS_KEPT = 15;

export interface PlaybackState {
  now: number;
  /** The element's clock, seconds. */
  currentTime: number;
  /** Paused, seeking, hidden (no frames are presented in a background tab) or not yet playing. */
  idle: boolean;
}

export class FrameWatch {
  #lastAt: number | undefined;
  #lastMediaTime = 0;
  #intervals: number[] = [];

  /** A frame was presented at `now` (ms) showing `mediaTime` (s). */
  frame(now: number, mediaTime: number) {
    if (this.#lastAt !== undefined) {
      this.#intervals.push(now - this.#lastAt);
      if (this.#intervals.length > INTERVALS_KEPT) this.#intervals.shift();
    }
    this.#lastAt = now;
    this.#lastMediaTime = mediaTime;
  }

  /** How long without a frame is too long, from the frame intervals seen lately. */
  get limitMs(): number {
    const sorted = [...this.#intervals].sort((a, b) => a - b);
    const usual = sorted[Math.floor(sorted.length / 2)] ?? 0;
    return Math.max(STUCK_MIN_MS, STUCK_FRAMES * usual);
  }

  /**
   * Whether the picture is stuck while the clock runs on past it: no frame for `limitMs` and the clock
   * moved on by as much (a stall of the clock itself is hls.js's to handle). After true the watch starts
   * over, so one hole costs one nudge.
   */
  stuck(s: PlaybackState): boolean {
    if (s.idle || this.#lastAt === undefined) {
      if (s.idle) this.#lastAt = undefined;
      return false;
    }
    const limit = this.limitMs;
    const still = s.now - this.#lastAt >= limit;
    const clockRan = (s.currentTime - this.#lastMediaTime) * 1000 >= limit;
    if (!still || !clockRan) return false;
    this.#lastAt = undefined;
    return true;
  }
}

type FrameCallbackVideo = HTMLVideoElement & {
  requestVideoFrameCallback?: (cb: (now: number, meta: { mediaTime: number }) => void) => number;
  cancelVideoFrameCallback?: (handle: number) => void;
};

/**
 * Watches a playing <video> and seeks to where it is when its picture is stuck; returns the stop. Does
 * nothing where frames cannot be observed (no requestVideoFrameCallback).
 */
export function watchFrozenPicture(video: HTMLVideoElement, onNudge?: () => void, tickMs = 100): () => void {
  const v = video as FrameCallbackVideo;
  if (!v.requestVideoFrameCallback) return () => undefined;
  const watch = new FrameWatch();
  let handle = 0;
  const onFrame = (_now: number, meta: { mediaTime: number }) => {
    watch.frame(Date.now(), meta.mediaTime);
    handle = v.requestVideoFrameCallback!(onFrame);
  };
  handle = v.requestVideoFrameCallback(onFrame);
  const timer = setInterval(() => {
    const idle =
      v.paused || v.seeking || v.ended || v.readyState < 2 || document.visibilityState !== 'visible';
    if (!watch.stuck({ now: Date.now(), currentTime: v.currentTime, idle })) return;
    onNudge?.();
    // A seek to the same position: the browser flushes its renderers and decodes from the buffer again.
    const at = v.currentTime;
    v.currentTime = at;
  }, tickMs);
  return () => {
    clearInterval(timer);
    v.cancelVideoFrameCallback?.(handle);
  };
}
