import { describe, expect, it } from 'vitest';
import { newestIndependentPart } from './use-hls';

/** Parts of 0.25 s, a keyframe (independent part) every 2 s, as the low-latency packager writes them. */
const parts = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ start: 100 + i * 0.25, independent: i % 8 === 0 }));

describe('newestIndependentPart', () => {
  it('starts a low-latency viewer at the newest keyframe part at least PART-HOLD-BACK from the end', () => {
    // Parts up to 104.5: the keyframe part at 104 is only 0.5 s from the end, so 102 it is.
    expect(newestIndependentPart({ partList: parts(18), edge: 104.5, partHoldBack: 0.9 })).toBe(102);
    // Parts up to 105: 104 is 1 s from the end, behind the 0.9 s hold-back.
    expect(newestIndependentPart({ partList: parts(20), edge: 105, partHoldBack: 0.9 })).toBe(104);
  });

  it('leaves the start to hls.js when no part qualifies', () => {
    expect(newestIndependentPart({ partList: null, edge: 10, partHoldBack: 0.9 })).toBeNull();
    expect(newestIndependentPart({ partList: parts(3), edge: 100.75, partHoldBack: 0.9 })).toBeNull();
  });
});
