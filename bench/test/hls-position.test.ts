import { describe, expect, it } from 'vitest';
import { newTrack, positionAfter, readPlaylist } from '../lib/hls-position';

const playlist = (first: number, complete: number, parts: number) =>
  [
    '#EXTM3U',
    '#EXT-X-TARGETDURATION:2',
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    ...Array.from({ length: complete }, (_, i) => [
      '#EXT-X-PART:DURATION=1.00000,URI="p"',
      '#EXT-X-PART:DURATION=1.00000,URI="p"',
      '#EXTINF:2.00000,',
      `seg_${first + i}.m4s`,
    ]).flat(),
    ...Array.from({ length: parts }, () => '#EXT-X-PART:DURATION=0.33333,URI="p"'),
    '#EXT-X-PRELOAD-HINT:TYPE=PART,URI="next"',
  ].join('\n');

describe('readPlaylist', () => {
  it('lists complete segments by number and the parts of the open one', () => {
    const read = readPlaylist(playlist(7, 3, 2));
    expect(read.complete).toEqual([
      [7, 2],
      [8, 2],
      [9, 2],
    ]);
    expect(read.open.msn).toBe(10);
    expect(read.open.seconds).toBeCloseTo(0.667, 3);
  });
});

describe('positionAfter', () => {
  it('counts media from the first segment seen, across reads whose windows slide', () => {
    const track = newTrack();
    expect(positionAfter(track, playlist(0, 5, 0))).toBe(10);
    // Five segments later the playlist starts at 5: 0-4 are known from the first read.
    expect(positionAfter(track, playlist(5, 5, 3))).toBeCloseTo(20.999, 2);
  });

  it('says null when a segment left the playlist before any read listed it', () => {
    const track = newTrack();
    positionAfter(track, playlist(0, 5, 0));
    expect(positionAfter(track, playlist(6, 5, 0))).toBeNull();
  });
});
