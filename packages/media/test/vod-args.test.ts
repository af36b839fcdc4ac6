import { describe, expect, it } from 'vitest';
import { playlistSeconds, vodComplete, vodHls } from '../src/vod-args';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('vodHls', () => {
  it('copies the recording into a VOD playlist without real-time pacing or a list limit', () => {
    const args = vodHls({
      input: { url: '/r/a.mp4', format: 'mov,mp4,m4a' },
      dir: '/h/o/',
      transcode: false,
    });
    expect(args).not.toContain('-re');
    expect(args).not.toContain('-stream_loop');
    expect(flagValue(args, '-c')).toBe('copy');
    expect(flagValue(args, '-hls_playlist_type')).toBe('vod');
    expect(flagValue(args, '-hls_list_size')).toBe('0');
    expect(flagValue(args, '-hls_flags')).not.toContain('omit_endlist');
    expect(flagValue(args, '-hls_segment_filename')).toBe('/h/o/vod_%d.ts');
    expect(args.at(-1)).toBe('/h/o/vod.m3u8');
    expect(flagValue(args, '-i')).toBe('file:/r/a.mp4');
  });

  it('transcodes with keyframes on the segment boundaries', () => {
    const args = vodHls({ input: { url: '/r/a.mkv' }, dir: '/h', transcode: true, segmentSeconds: 4 });
    expect(flagValue(args, '-c:v')).toBe('libx264');
    expect(flagValue(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
    expect(flagValue(args, '-hls_time')).toBe('4');
  });
});

describe('vodComplete', () => {
  const head = '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:6\n#EXT-X-PLAYLIST-TYPE:VOD\n';
  it('is true only for a VOD playlist with its end tag', () => {
    expect(vodComplete(`${head}#EXTINF:6.0,\nvod_0.ts\n#EXT-X-ENDLIST\n`)).toBe(true);
    expect(vodComplete(`${head}#EXTINF:6.0,\nvod_0.ts\n`)).toBe(false);
    expect(vodComplete('#EXTM3U\n#EXTINF:6.0,\nseg_0.ts\n#EXT-X-ENDLIST\n')).toBe(false);
    expect(vodComplete(null)).toBe(false);
  });
});

describe('playlistSeconds', () => {
  it('adds up the segment durations', () => {
    expect(
      playlistSeconds('#EXTM3U\n#EXTINF:6.006,\nvod_0.ts\n#EXTINF:2.5,\nvod_1.ts\n#EXT-X-ENDLIST\n'),
    ).toBe(8.506);
    expect(playlistSeconds('#EXTM3U\n')).toBe(0);
  });
});
