import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { deltaUpdate, skipBoundary, withSkipControl } from '../src/hls-delta';
import { parsePlaylist } from '../src/hls-playlist';

/** A live playlist as ffmpeg's HLS muxer writes ours (hls-args.ts: program_date_time, epoch numbering). */
function ffmpegPlaylist(segments: number, seconds = 8, discontinuityAt?: number) {
  const first = 1_764_400_000;
  const lines = [
    '#EXTM3U',
    '#EXT-X-VERSION:6',
    `#EXT-X-TARGETDURATION:${seconds}`,
    `#EXT-X-MEDIA-SEQUENCE:${first}`,
    '#EXT-X-INDEPENDENT-SEGMENTS',
  ];
  for (let i = 0; i < segments; i++) {
    if (i === discontinuityAt) lines.push('#EXT-X-DISCONTINUITY');
    const at = new Date(Date.UTC(2026, 10, 28, 7) + i * seconds * 1000 + (i % 7)).toISOString();
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${at.replace('Z', '+0000')}`);
    lines.push(`#EXTINF:${seconds.toFixed(6)},`, `seg_${first + i}.ts`);
  }
  return `${lines.join('\n')}\n`;
}

/** A day of DVR in the very-high profile: 8 s segments. */
const DAY = ffmpegPlaylist(86_400 / 8);
const kB = (n: number) => Math.round(n / 1024);

describe('delta updates of live DVR playlists', () => {
  it('offers CAN-SKIP-UNTIL (six target durations) right after the target duration', () => {
    const text = withSkipControl(DAY);
    expect(text.split('\n').slice(2, 4)).toEqual([
      '#EXT-X-TARGETDURATION:8',
      '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=48',
    ]);
  });

  it('offers none where a client would gain nothing: short, ended, VOD or low-latency playlists', () => {
    // normal: 6 segments of 2 s, exactly the boundary: nothing could be skipped.
    expect(skipBoundary(ffmpegPlaylist(6, 2))).toBeNull();
    expect(skipBoundary(`${DAY}#EXT-X-ENDLIST\n`)).toBeNull();
    expect(skipBoundary(DAY.replace('#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-PLAYLIST-TYPE:VOD'))).toBeNull();
    const ll = DAY.replace('#EXT-X-INDEPENDENT-SEGMENTS', '#EXT-X-PART-INF:PART-TARGET=0.3');
    expect(withSkipControl(ll)).toBe(ll);
    // A delta asked of a playlist that offers none is the whole playlist.
    expect(deltaUpdate(ffmpegPlaylist(6, 2))).toBe(ffmpegPlaylist(6, 2));
  });

  it('skips all but the last boundary of segments, keeping the header and their sequence', () => {
    const full = withSkipControl(DAY);
    const delta = deltaUpdate(full);
    const lines = delta.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:9',
      '#EXT-X-TARGETDURATION:8',
      '#EXT-X-SERVER-CONTROL:CAN-SKIP-UNTIL=48',
      '#EXT-X-MEDIA-SEQUENCE:1764400000',
      '#EXT-X-INDEPENDENT-SEGMENTS',
      `#EXT-X-SKIP:SKIPPED-SEGMENTS=${10_800 - 6}`,
    ]);
    // The last 48 s stay whole, each with its date-time, and in order to the end.
    const kept = parsePlaylist(delta).segments;
    expect(kept.map((s) => s.uri)).toEqual(
      parsePlaylist(full)
        .segments.slice(-6)
        .map((s) => s.uri),
    );
    expect(kept.reduce((sum, s) => sum + s.durationMs, 0)).toBe(48_000);
    expect(delta.endsWith('seg_1764410799.ts\n')).toBe(true);
  });

  it('never skips a segment that starts within the boundary: uneven lengths keep one more', () => {
    const uneven = withSkipControl(
      ffmpegPlaylist(40).replace(/#EXTINF:8\.000000,\nseg_1764400037/, '#EXTINF:7.5,\nseg_1764400037'),
    );
    const delta = deltaUpdate(uneven);
    expect(delta).toContain('#EXT-X-SKIP:SKIPPED-SEGMENTS=33');
    expect(parsePlaylist(delta).segments.length).toBe(7);
  });

  it('drops the tags of skipped segments with them, a discontinuity among them too', () => {
    const delta = deltaUpdate(withSkipControl(ffmpegPlaylist(100, 8, 50)));
    expect(delta).not.toContain('#EXT-X-DISCONTINUITY\n');
    expect(delta.match(/#EXT-X-PROGRAM-DATE-TIME/g)).toHaveLength(6);
    const late = deltaUpdate(withSkipControl(ffmpegPlaylist(100, 8, 97)));
    expect(late).toContain('seg_1764400096.ts\n#EXT-X-DISCONTINUITY\n#EXT-X-PROGRAM-DATE-TIME');
  });

  it('makes a reload of a day of DVR small: under 50 kB as a delta, compressed also in full', () => {
    const full = withSkipControl(DAY);
    const delta = deltaUpdate(full);
    const sizes = {
      full: Buffer.byteLength(full),
      fullGzip: gzipSync(full).length,
      fullBrotli: brotliCompressSync(full, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
      delta: Buffer.byteLength(delta),
    };
    console.log(
      `1-day DVR playlist: ${kB(sizes.full)} kB, gzip ${kB(sizes.fullGzip)} kB, br ${kB(sizes.fullBrotli)} kB; delta ${sizes.delta} B`,
    );
    expect(sizes.delta).toBeLessThan(50 * 1024);
    // The first load of the whole day (token-free lines) is what a joining viewer fetches once.
    expect(sizes.fullGzip).toBeLessThan(sizes.full / 4);
  });
});
