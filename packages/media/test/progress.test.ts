import { describe, expect, it } from 'vitest';
import { type FfmpegProgress, isRealProgress, ProgressParser, toProgress } from '../src/progress';

// Captured from ffmpeg 5.1 with -progress pipe:1 -nostats.
const BLOCK = `frame=31
fps=29.85
stream_0_0_q=27.0
bitrate= 972.5kbits/s
total_size=121805
out_time_us=1002000
out_time_ms=1002000
out_time=00:00:01.002000
dup_frames=0
drop_frames=0
speed=0.941x
progress=continue
`;

describe('progress parser', () => {
  it('parses a block, using out_time_us (out_time_ms is really microseconds too)', () => {
    const seen: FfmpegProgress[] = [];
    new ProgressParser((p) => seen.push(p)).push(BLOCK);
    expect(seen).toEqual([
      { outTimeMs: 1002, bitrateKbps: 972.5, totalBytes: 121805, speed: 0.941, frame: 31, done: false },
    ]);
  });

  it('reassembles lines and blocks split across chunks', () => {
    const seen: FfmpegProgress[] = [];
    const parser = new ProgressParser((p) => seen.push(p));
    const text = BLOCK + BLOCK.replace('frame=31', 'frame=62').replace('continue', 'end');
    for (let i = 0; i < text.length; i += 7) parser.push(Buffer.from(text.slice(i, i + 7)));
    expect(seen.map((p) => [p.frame, p.done])).toEqual([
      [31, false],
      [62, true],
    ]);
  });

  it('tolerates N/A, negative start times and missing keys (audio-only jobs have no frame)', () => {
    const p = toProgress(
      new Map([
        ['bitrate', 'N/A'],
        ['speed', 'N/A'],
        ['out_time_us', '-9223372036854775807'],
        ['total_size', 'N/A'],
        ['progress', 'continue'],
      ]),
    );
    expect(p).toEqual({
      outTimeMs: 0,
      bitrateKbps: null,
      totalBytes: 0,
      speed: null,
      frame: null,
      done: false,
    });
    expect(isRealProgress(p)).toBe(false);
  });

  it('calls it real progress once media time or frames advance, not when only headers are written', () => {
    const base = { bitrateKbps: null, totalBytes: 407, speed: null, done: false };
    expect(isRealProgress({ ...base, outTimeMs: 0, frame: 0 })).toBe(false);
    expect(isRealProgress({ ...base, outTimeMs: 0, frame: 1 })).toBe(true);
    expect(isRealProgress({ ...base, outTimeMs: 20, frame: null })).toBe(true);
  });

  it('ignores lines that are not key=value', () => {
    const seen: FfmpegProgress[] = [];
    new ProgressParser((p) => seen.push(p)).push('garbage\n=x\nframe=3\nprogress=continue\n');
    expect(seen[0]?.frame).toBe(3);
  });
});
