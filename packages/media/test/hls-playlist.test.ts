import { describe, expect, it } from 'vitest';
import { coveringSegments, parsePlaylist, windowOf } from '../src/hls-playlist';

// As our packager writes it (append_list + discont_start + program_date_time), after a writer restart.
const PLAYLIST = `#EXTM3U
#EXT-X-VERSION:6
#EXT-X-TARGETDURATION:6
#EXT-X-MEDIA-SEQUENCE:0
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-DISCONTINUITY
#EXTINF:6.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-25T21:05:51.496+0000
seg_0.ts
#EXTINF:4.500000,
seg_1.ts
#EXT-X-DISCONTINUITY
#EXTINF:6.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-25T21:06:30.000+0000
seg_2.ts
#EXTINF:6.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-25T21:06:36.000+0000
../other/seg_9.ts
#EXTINF:6.000000,
#EXT-X-PROGRAM-DATE-TIME:2026-11-25T21:06:42.000+0000
http://example.test/x.ts
`;

describe('parsePlaylist', () => {
  const start = Date.parse('2026-11-25T21:05:51.496Z');

  it('reads wall-clock starts from the date-times, or from the previous segment end', () => {
    const { segments, targetDurationS, ended } = parsePlaylist(PLAYLIST);
    expect(targetDurationS).toBe(6);
    expect(ended).toBe(false);
    expect(segments.slice(0, 3)).toEqual([
      { uri: 'seg_0.ts', startMs: start, durationMs: 6000, discontinuity: true },
      { uri: 'seg_1.ts', startMs: start + 6000, durationMs: 4500, discontinuity: false },
      { uri: 'seg_2.ts', startMs: Date.parse('2026-11-25T21:06:30Z'), durationMs: 6000, discontinuity: true },
    ]);
  });

  it('never takes a segment address that leaves the folder or names a protocol', () => {
    expect(parsePlaylist(PLAYLIST).segments.map((s) => s.uri)).toEqual(['seg_0.ts', 'seg_1.ts', 'seg_2.ts']);
  });

  it('gives the window and the segments a range overlaps', () => {
    const { segments } = parsePlaylist(PLAYLIST);
    expect(windowOf(segments)).toEqual({ startMs: start, endMs: Date.parse('2026-11-25T21:06:36Z') });
    expect(coveringSegments(segments, start + 5000, start + 7000).map((s) => s.uri)).toEqual([
      'seg_0.ts',
      'seg_1.ts',
    ]);
    expect(windowOf([])).toBeNull();
    expect(parsePlaylist('#EXTM3U\n#EXT-X-ENDLIST\n').ended).toBe(true);
  });
});
