import { describe, expect, it } from 'vitest';
import { seekToFirstPart } from './hls-setup';

/** A <video>'s playhead and buffered ranges, as the browser reports them after an append. */
function media(currentTime: number, ranges: [number, number][]) {
  const buffered = {
    length: ranges.length,
    start: (i: number) => ranges[i]![0],
    end: (i: number) => ranges[i]![1],
  } as TimeRanges;
  return { currentTime, buffered };
}

describe('seekToFirstPart: the playhead moves to the first part as soon as it is appended', () => {
  it('seeks to the start position once every track of the part is in, and says so', () => {
    const video = media(0, [[8, 8.27]]);
    expect(seekToFirstPart({ startPosition: 8 }, video)).toBe(true);
    expect(video.currentTime).toBe(8);
  });

  it('seeks to where the buffer begins when that is after the start position (as hls.js would)', () => {
    const video = media(0, [[8.02, 8.27]]);
    expect(seekToFirstPart({ startPosition: 8 }, video)).toBe(true);
    expect(video.currentTime).toBe(8.02);
  });

  it('waits while nothing playable is buffered at the start (one track appended, or an earlier range)', () => {
    const empty = media(0, []);
    expect(seekToFirstPart({ startPosition: 8 }, empty)).toBe(false);
    const before = media(0, [[4, 6]]);
    expect(seekToFirstPart({ startPosition: 8 }, before)).toBe(false);
    expect(before.currentTime).toBe(0);
  });

  it('waits while hls.js has no start position, and leaves a playhead already there alone', () => {
    const unknown = media(0, [[8, 8.27]]);
    expect(seekToFirstPart({ startPosition: -1 }, unknown)).toBe(false);
    expect(unknown.currentTime).toBe(0);
    const playing = media(8.1, [[8, 8.27]]);
    expect(seekToFirstPart({ startPosition: 8 }, playing)).toBe(true);
    expect(playing.currentTime).toBe(8.1);
  });
});
