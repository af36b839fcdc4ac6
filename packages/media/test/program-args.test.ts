import { describe, expect, it } from 'vitest';
import { programHls, programReader } from '../src/program-args';

const flagValue = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('programHls', () => {
  it('copies a live input and appends to the playlist with a discontinuity', () => {
    const args = programHls({
      source: { kind: 'live', url: 'rtmp://127.0.0.1/live/k' },
      dir: '/h/o/',
      latency: 'low',
    });
    expect(flagValue(args, '-rw_timeout')).toBe('5000000');
    expect(flagValue(args, '-c')).toBe('copy');
    expect(flagValue(args, '-hls_flags')?.split('+')).toEqual(
      expect.arrayContaining(['append_list', 'discont_start', 'delete_segments', 'temp_file']),
    );
    expect(flagValue(args, '-hls_time')).toBe('2');
    expect(args.at(-1)).toBe('/h/o/index.m3u8');
  });

  it('loops and transcodes a fallback file with keyframes on segment boundaries', () => {
    const args = programHls({
      source: {
        kind: 'file',
        input: { url: '/m/a.mkv', format: 'matroska,webm' },
        loop: true,
        transcode: true,
      },
      dir: '/h',
      latency: 'high',
    });
    expect(args.slice(args.indexOf('-i') - 6, args.indexOf('-i') + 2)).toEqual([
      ...['-protocol_whitelist', 'file', '-format_whitelist', expect.stringContaining('matroska')],
      ...['-f', 'matroska', '-i', 'file:/m/a.mkv'],
    ]);
    expect(flagValue(args, '-stream_loop')).toBe('-1');
    expect(args.indexOf('-re')).toBeLessThan(args.indexOf('-i'));
    expect(flagValue(args, '-c:v')).toBe('libx264');
    // High latency cuts 4 s segments: a keyframe every 4 s of the file.
    expect(flagValue(args, '-force_key_frames')).toBe('expr:gte(t,n_forced*4)');
  });

  it('keeps the whole DVR window for high latency and deletes only segments that left it', () => {
    const args = programHls({ source: { kind: 'live', url: 'x' }, dir: '/h', latency: 'high' });
    expect(flagValue(args, '-hls_list_size')).toBe('900');
    expect(flagValue(args, '-hls_flags')).toContain('delete_segments');
  });
});

describe('hot standby', () => {
  it('writes the program from the switcher on stdin, copying, into the same playlist', () => {
    const args = programHls({ source: { kind: 'switcher' }, dir: '/h', latency: 'low' });
    expect(args.slice(args.indexOf('-i') - 2, args.indexOf('-i') + 2)).toEqual([
      '-f',
      'mpegts',
      '-i',
      'pipe:0',
    ]);
    expect(flagValue(args, '-c')).toBe('copy');
    expect(flagValue(args, '-hls_flags')).toContain('append_list+discont_start');
  });

  it('reads an input as MPEG-TS on stdout, packet by packet, without progress lines in the stream', () => {
    const live = programReader({ kind: 'live', url: 'rtmp://127.0.0.1/live/k' });
    expect(live.slice(-7)).toEqual([
      '-f',
      'mpegts',
      '-pes_payload_size',
      '0',
      '-flush_packets',
      '1',
      'pipe:1',
    ]);
    expect(live).not.toContain('-progress');
    expect(flagValue(live, '-c')).toBe('copy');
    // Audio other than AAC (MP3 over RTMP) is encoded, the picture still copied.
    const mp3 = programReader({ kind: 'live', url: 'rtmp://127.0.0.1/live/k' }, 'aac');
    expect(flagValue(mp3, '-c:v')).toBe('copy');
    expect(flagValue(mp3, '-c:a')).toBe('aac');
    expect(mp3).not.toContain('-c');
    const file = programReader({
      kind: 'file',
      input: { url: '/m/a.mkv', format: 'matroska,webm' },
      loop: true,
      transcode: true,
    });
    expect(flagValue(file, '-stream_loop')).toBe('-1');
    // A keyframe every second: a switch to the fallback waits at most that long.
    expect(flagValue(file, '-force_key_frames')).toBe('expr:gte(t,n_forced*1)');
  });
});
