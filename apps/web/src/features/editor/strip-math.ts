import type { MainClip } from '@stromwerk/contracts/drafts';
import { MIN_CLIP_MS } from './timeline-edit';

/**
 * The arithmetic of the timeline strip, pure: where a block sits, which part of its media's picture strip
 * or waveform it shows, how a dragged edge trims and where a dragged block lands.
 */

/** A block narrower than this could not be seen or grabbed; it is drawn this wide. */
export const MIN_BLOCK_PX = 6;

/** Pixels per millisecond for a strip `widthPx` wide showing `durationMs` (an empty strip shows 10 s). */
export const scaleOf = (widthPx: number, durationMs: number) => widthPx / Math.max(durationMs, 10_000);

/** A block at output time `startMs` lasting `lengthMs`, in pixels. */
export function blockBox(startMs: number, lengthMs: number, scale: number) {
  return { left: startMs * scale, width: Math.max(MIN_BLOCK_PX, lengthMs * scale) };
}

/**
 * CSS background size and x position that show media time [`fromMs`, `fromMs + lengthMs`] of a picture
 * spread evenly over the media's whole length (the preview strip's frames and the waveform both are) across
 * a block `widthPx` wide. Null when the media's length is unknown.
 */
export function mediaWindow(
  fromMs: number,
  lengthMs: number,
  mediaMs: number | null | undefined,
  widthPx: number,
): { size: string; x: string } | null {
  if (!mediaMs || mediaMs <= 0 || lengthMs <= 0) return null;
  const full = (widthPx * mediaMs) / lengthMs;
  return { size: `${round(full)}px 100%`, x: `${round((-full * fromMs) / mediaMs)}px` };
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * The clip with its In (`edge` 'in') or Out moved by `deltaMs`, kept inside the media and at least
 * `MIN_CLIP_MS` long. An unknown media length does not limit Out.
 */
export function trimmed(
  clip: MainClip,
  edge: 'in' | 'out',
  deltaMs: number,
  mediaMs: number | null | undefined,
): Pick<MainClip, 'inMs' | 'outMs'> {
  const delta = Math.round(deltaMs);
  if (edge === 'in') {
    const inMs = clamp(clip.inMs + delta, 0, clip.outMs - MIN_CLIP_MS);
    return { inMs, outMs: clip.outMs };
  }
  const max = mediaMs && mediaMs > 0 ? Math.max(mediaMs, clip.inMs + MIN_CLIP_MS) : Number.POSITIVE_INFINITY;
  return { inMs: clip.inMs, outMs: clamp(clip.outMs + delta, clip.inMs + MIN_CLIP_MS, max) };
}

const clamp = (n: number, min: number, max: number) => Math.min(Math.max(n, min), max);

/**
 * Where a block dragged from `from` lands when its centre is at `x`: the number of other blocks whose
 * centre lies left of it. `centres` are the blocks' centres before the drag, in order.
 */
export function dropIndex(centres: readonly number[], from: number, x: number): number {
  let index = 0;
  centres.forEach((c, i) => {
    if (i !== from && c < x) index += 1;
  });
  return index;
}

/** Arrow keys on an edge: a tenth of a second, with Shift a whole second; Home/End to the limits. */
export function keyStepMs(key: string, shift: boolean): number | 'min' | 'max' | null {
  const step = shift ? 1000 : 100;
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -step;
  if (key === 'ArrowRight' || key === 'ArrowUp') return step;
  if (key === 'PageDown') return -1000;
  if (key === 'PageUp') return 1000;
  if (key === 'Home') return 'min';
  if (key === 'End') return 'max';
  return null;
}
