// Where a lossless (stream copy) cut really starts (issue 33 item 10). Zod-free: the Video Editor shows
// the range before rendering and the render builder cuts with the same rule, so the two cannot disagree.

/**
 * A stream copy cannot start between keyframes: ffmpeg seeks to the last keyframe at or before the asked
 * start and copies from there, so the cut starts earlier. Keyframe times are in whole ms rounded up (see
 * `probeKeyframes`), so handing ffmpeg the snapped time seeks to that very keyframe. The end is cut where
 * asked (packets from the out point on are dropped). With no keyframe at or before it (or no keyframe
 * times at all) the asked start stands.
 */
export function keyframeAtOrBefore(keyframesMs: readonly number[], ms: number): number {
  let lo = 0;
  let hi = keyframesMs.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (keyframesMs[mid]! <= ms) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found === -1 ? ms : keyframesMs[found]!;
}

export interface CutRange {
  inMs: number;
  outMs: number;
}

/** The range a stream copy of `inMs..outMs` produces. */
export function losslessCut(keyframesMs: readonly number[], inMs: number, outMs: number): CutRange {
  return { inMs: keyframeAtOrBefore(keyframesMs, inMs), outMs };
}
