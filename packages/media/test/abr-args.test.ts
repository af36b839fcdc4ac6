import { type LadderRung, ladderRungs } from '@stromwerk/contracts/values';
import { describe, expect, it } from 'vitest';
import { KEYFRAME_SECONDS, ladderFilter, programLadderHls, programLadderLowLatency } from '../src/abr-args';
import { planLadder } from '../src/abr-ladder';
import { LATENCY_PROFILES } from '../src/hls-args';

const every = (): LadderRung[][] =>
  Array.from({ length: 2 ** ladderRungs.length }, (_, mask) => ladderRungs.filter((_, i) => mask & (1 << i)));

/** The argument list cut into its outputs: each ends with its playlist. */
function outputs(args: string[]): string[][] {
  const start =
    args.indexOf('-filter_complex') >= 0 ? args.indexOf('-filter_complex') + 2 : args.indexOf('-i') + 2;
  const out: string[][] = [];
  let current: string[] = [];
  for (const a of args.slice(start)) {
    current.push(a);
    if (a.endsWith('.m3u8')) {
      out.push(current);
      current = [];
    }
  }
  expect(current).toEqual([]);
  return out;
}
const value = (args: string[], flag: string) => args[args.indexOf(flag) + 1];

describe('programLadderHls', () => {
  it('copies the source and scales the others from one decode of the switcher', () => {
    const rungs = planLadder(['source', '480p', '360p'], { width: 1280, height: 720 });
    const args = programLadderHls({ dir: '/h/o/', latency: 'normal', rungs });
    expect(args.filter((a) => a === '-i')).toHaveLength(1);
    expect(value(args, '-i')).toBe('pipe:0');
    expect(args.indexOf('-copyts')).toBeLessThan(args.indexOf('-i'));
    expect(value(args, '-filter_complex')).toBe(
      "[0:v:0]split=2[s0][s1];[s0]scale=-2:'min(480,ih)'[v0];[s1]scale=-2:'min(360,ih)'[v1]",
    );
    const [top, r1, r2] = outputs(args);
    expect(top!.slice(0, 4)).toEqual(['-map', '0:v:0', '-c:v', 'copy']);
    expect(top!.at(-1)).toBe('/h/o/index.m3u8');
    expect(value(top!, '-hls_segment_filename')).toBe('/h/o/seg_%d.ts');
    expect(value(r1!, '-map')).toBe('[v0]');
    expect(value(r1!, '-b:v')).toBe('1000k');
    expect(value(r1!, '-force_key_frames')).toBe('source');
    expect(r1!.at(-1)).toBe('/h/o/r1/index.m3u8');
    expect(value(r2!, '-hls_segment_filename')).toBe('/h/o/r2/seg_%d.ts');
  });

  it('holds for every ladder in every HLS latency', () => {
    for (const latency of ['normal', 'high', 'very-high'] as const)
      for (const ladder of every()) {
        const rungs = planLadder(ladder, { width: 1920, height: 1080 });
        if (rungs.length === 0) {
          expect(() => programLadderHls({ dir: '/h', latency, rungs })).toThrow(RangeError);
          continue;
        }
        const args = programLadderHls({ dir: '/h', latency, rungs });
        const outs = outputs(args);
        expect(outs).toHaveLength(rungs.length);
        const copy = rungs.some((r) => r.copy);
        outs.forEach((o, i) => {
          const r = rungs[i]!;
          // Same segment length and list in every rung: the same boundaries.
          expect(value(o, '-hls_time')).toBe(String(LATENCY_PROFILES[latency].segmentSeconds));
          expect(value(o, '-hls_flags')).toContain('append_list');
          expect(o.at(-1)).toBe(r.dir ? `/h/${r.dir}/index.m3u8` : '/h/index.m3u8');
          // Audio copied into every rung, optional (an input without audio still plays).
          expect(o.slice(o.lastIndexOf('-map'), o.lastIndexOf('-map') + 4)).toEqual([
            '-map',
            '0:a:0?',
            '-c:a',
            'copy',
          ]);
          if (r.copy) {
            expect(value(o, '-c:v')).toBe('copy');
            return;
          }
          expect(value(o, '-c:v')).toBe('libx264');
          expect(value(o, '-fps_mode')).toBe('passthrough');
          expect(value(o, '-sc_threshold')).toBe('0');
          expect(value(o, '-force_key_frames')).toBe(
            copy ? 'source' : `expr:gte(t,n_forced*${KEYFRAME_SECONDS})`,
          );
          expect(value(o, '-level:v')).toBe(r.level);
        });
        // One scaled output per encoded rung, each label used once.
        const labels = outs.map((o) => value(o, '-map')).filter((m) => m?.startsWith('['));
        expect(new Set(labels).size).toBe(rungs.filter((r) => !r.copy).length);
      }
  });

  it('needs no filter graph for the source alone', () => {
    expect(ladderFilter(planLadder(['source']))).toBeNull();
    const args = programLadderHls({ dir: '/h', latency: 'high', rungs: planLadder(['source']) });
    expect(args).not.toContain('-filter_complex');
  });

  it('scales a single encoded rung without a split', () => {
    expect(ladderFilter(planLadder(['720p']))).toBe("[0:v:0]scale=-2:'min(720,ih)'[v0]");
  });
});

describe('programLadderLowLatency', () => {
  it('writes each rung as quarter-second fMP4 fragments on its own pipe, the top one on fd 3', () => {
    for (const ladder of every()) {
      const rungs = planLadder(ladder, { width: 1920, height: 1080 });
      if (rungs.length === 0) continue;
      const args = programLadderLowLatency(rungs);
      const pipes = args.filter((a) => a.startsWith('pipe:') && a !== 'pipe:0' && a !== 'pipe:1');
      expect(pipes).toEqual(rungs.map((_, i) => `pipe:${3 + i}`));
      expect(args.filter((a) => a === '-frag_duration')).toHaveLength(rungs.length);
      expect(args.filter((a) => a === 'aac_adtstoasc')).toHaveLength(rungs.length);
      expect(args.indexOf('-copyts')).toBeLessThan(args.indexOf('-i'));
      expect(args.filter((a) => a === '-c:v').length).toBe(rungs.length);
    }
  });
});
