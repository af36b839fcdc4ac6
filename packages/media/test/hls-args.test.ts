import { describe, expect, it } from 'vitest';
import { hls, hlsForProfile, LATENCY_PROFILES } from '../src/hls-args';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('hls', () => {
  it('copies a live pull into a rolling playlist with atomic writes', () => {
    const args = hls({
      input: 'rtmp://127.0.0.1/live/k',
      dir: '/data/hls/k/',
      segmentSeconds: 4,
      listSize: 6,
      deleteSegments: true,
    });
    expect(flagValue(args, '-rw_timeout')).toBe('5000000');
    expect(flagValue(args, '-c')).toBe('copy');
    expect(flagValue(args, '-f')).toBe('hls');
    expect(flagValue(args, '-hls_time')).toBe('4');
    expect(flagValue(args, '-hls_list_size')).toBe('6');
    expect(flagValue(args, '-hls_flags')?.split('+')).toEqual(
      expect.arrayContaining(['temp_file', 'independent_segments', 'delete_segments']),
    );
    expect(flagValue(args, '-hls_segment_filename')).toBe('/data/hls/k/seg_%d.ts');
    expect(args.at(-1)).toBe('/data/hls/k/index.m3u8');
  });

  it('keeps the whole DVR window in the playlist and segments when not deleting', () => {
    const args = hls({
      input: 'x',
      dir: 'd',
      segmentSeconds: 6,
      listSize: 6,
      dvrSeconds: 3600,
      deleteSegments: false,
    });
    expect(flagValue(args, '-hls_list_size')).toBe('600');
    expect(flagValue(args, '-hls_flags')).not.toContain('delete_segments');
  });

  it('maps latency profiles: short segments for low, one hour and one day of DVR for high and very high', () => {
    expect(Object.keys(LATENCY_PROFILES)).toEqual(['realtime', 'low', 'normal', 'high', 'very-high']);
    // Real time writes low latency's LL-HLS as its fallback.
    expect(LATENCY_PROFILES.realtime).toEqual(LATENCY_PROFILES.low);
    expect(LATENCY_PROFILES.low.segmentSeconds).toBeLessThanOrEqual(LATENCY_PROFILES.normal.segmentSeconds);
    // Normal's goal (under 6 s glass to glass) leaves room for one 2 s segment behind the live sync.
    expect(LATENCY_PROFILES.normal.segmentSeconds).toBe(2);
    expect(LATENCY_PROFILES.high.dvrSeconds).toBe(3600);
    expect(LATENCY_PROFILES['very-high'].dvrSeconds).toBe(86_400);
    const veryHigh = hlsForProfile('very-high', { input: 'x', dir: 'd', deleteSegments: true });
    expect(flagValue(veryHigh, '-hls_list_size')).toBe('10800');
    const low = hlsForProfile('low', { input: 'x', dir: 'd', deleteSegments: true });
    expect(flagValue(low, '-hls_time')).toBe('2');
  });
});
