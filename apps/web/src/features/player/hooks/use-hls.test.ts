import { describe, expect, it } from 'vitest';
import { answerToError, newestIndependentPart } from './use-hls';

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

describe('answerToError', () => {
  const error = { loading: true, fatal: false, media: false, emptyPlaylist: false };

  it('asks again soon for a first playlist with no whole segment, as hls.js would never ask again', () => {
    expect(answerToError({ ...error, loading: false, emptyPlaylist: true })).toBe('ask-again-soon');
    expect(answerToError({ ...error, loading: false, emptyPlaylist: true, fatal: true })).toBe(
      'ask-again-soon',
    );
  });

  it('leaves an empty playlist to hls.js once it loads (it retries a live level itself)', () => {
    expect(answerToError({ ...error, emptyPlaylist: true })).toBe('ignore');
  });

  it('recovers a fatal media error in place and starts over after any other fatal error', () => {
    expect(answerToError({ ...error, fatal: true, media: true })).toBe('recover');
    expect(answerToError({ ...error, fatal: true })).toBe('start-over');
    expect(answerToError({ ...error, loading: false, fatal: true })).toBe('start-over');
  });

  it('ignores what is not fatal', () => {
    expect(answerToError(error)).toBe('ignore');
    expect(answerToError({ ...error, media: true })).toBe('ignore');
  });
});
