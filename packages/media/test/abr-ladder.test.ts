import { type LadderRung, ladderRungs } from '@stromwerk/contracts/values';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SOURCE_KBPS,
  h264Codecs,
  planLadder,
  RUNG_SPECS,
  renderMultivariant,
} from '../src/abr-ladder';

/** Every subset of the rungs, so each rule is checked on every ladder a form can send. */
const every = (): LadderRung[][] =>
  Array.from({ length: 2 ** ladderRungs.length }, (_, mask) => ladderRungs.filter((_, i) => mask & (1 << i)));

const heights = [null, 144, 240, 360, 480, 720, 1080, 2160];

describe('planLadder', () => {
  it('is source only for an empty ladder', () => {
    expect(planLadder([])).toEqual([]);
    expect(planLadder([], { height: 1080 })).toEqual([]);
  });

  it('holds for every ladder and every source height', () => {
    for (const ladder of every())
      for (const h of heights) {
        const source = h ? { width: Math.round((h * 16) / 9), height: h } : {};
        const rungs = planLadder(ladder, source);
        if (ladder.length === 0) continue;
        // At least one rung, the top one in the program's folder, the others in r1, r2…
        expect(rungs.length).toBeGreaterThan(0);
        expect(rungs.map((r) => r.dir)).toEqual(rungs.map((_, i) => (i === 0 ? '' : `r${i}`)));
        // The copy is the top rung, when asked for, and only then.
        expect(rungs[0]!.copy).toBe(ladder.includes('source'));
        expect(rungs.filter((r) => r.copy).length).toBe(ladder.includes('source') ? 1 : 0);
        // Only rungs of the ladder, each once, highest first.
        const names = rungs.map((r) => r.name);
        expect(names.every((n) => ladder.includes(n))).toBe(true);
        expect(new Set(names).size).toBe(names.length);
        const scaled = rungs.filter((r) => !r.copy).map((r) => r.height!);
        expect(scaled).toEqual([...scaled].sort((a, b) => b - a));
        // Never upscaling: a known source bounds every rung; with the copy, the encoded ones stay below it.
        if (h) {
          expect(scaled.every((x) => x <= h)).toBe(true);
          if (ladder.includes('source')) expect(scaled.every((x) => x < h)).toBe(true);
        }
        // Widths are even (libx264 needs them so for 4:2:0) and about 16:9.
        for (const r of rungs.filter((x) => !x.copy)) {
          expect(r.width! % 2).toBe(0);
          expect(Math.abs(r.width! / r.height! - 16 / 9)).toBeLessThan(0.02);
        }
      }
  });

  it('keeps every rung below the source and drops the others', () => {
    const rungs = planLadder(['source', '1080p', '720p', '480p', '360p'], { width: 1280, height: 720 });
    expect(rungs.map((r) => [r.name, r.dir, r.height])).toEqual([
      ['source', '', 720],
      ['480p', 'r1', 480],
      ['360p', 'r2', 360],
    ]);
  });

  it('keeps the lowest rung of a ladder above a small source, at the source size', () => {
    const rungs = planLadder(['1080p', '720p'], { width: 640, height: 360 });
    expect(rungs.map((r) => [r.name, r.height, r.width])).toEqual([['720p', 360, 640]]);
  });

  it('follows the source aspect for the widths', () => {
    const [r] = planLadder(['480p'], { width: 1080, height: 1920 });
    expect(r).toMatchObject({ height: 480, width: 270 });
  });

  it('takes the source bitrate for the copied rung, or a usual one', () => {
    expect(planLadder(['source'], { videoKbps: 3200 })[0]!.videoKbps).toBe(3200);
    expect(planLadder(['source'])[0]!.videoKbps).toBe(DEFAULT_SOURCE_KBPS);
  });
});

describe('renderMultivariant', () => {
  it('lists every rung top first with bandwidth, size, frame rate', () => {
    const rungs = planLadder(['source', '480p', '240p'], { width: 1280, height: 720, videoKbps: 3000 });
    const text = renderMultivariant(rungs, { fps: 30, audioKbps: 128 });
    expect(text).toBe(
      [
        '#EXTM3U',
        '#EXT-X-VERSION:3',
        '#EXT-X-INDEPENDENT-SEGMENTS',
        '#EXT-X-STREAM-INF:BANDWIDTH=3440800,AVERAGE-BANDWIDTH=3128000,RESOLUTION=1280x720,FRAME-RATE=30.000',
        'index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=1240800,AVERAGE-BANDWIDTH=1128000,RESOLUTION=854x480,FRAME-RATE=30.000',
        'r1/index.m3u8',
        '#EXT-X-STREAM-INF:BANDWIDTH=470800,AVERAGE-BANDWIDTH=428000,RESOLUTION=426x240,FRAME-RATE=30.000',
        'r2/index.m3u8',
        '',
      ].join('\n'),
    );
  });

  it('names the codecs when every rung is encoded, and omits what is unknown', () => {
    const text = renderMultivariant(planLadder(['720p', '360p']));
    expect(text).toContain('RESOLUTION=1280x720,CODECS="avc1.64001f,mp4a.40.2"\nindex.m3u8');
    expect(text).toContain('RESOLUTION=640x360,CODECS="avc1.64001e,mp4a.40.2"\nr1/index.m3u8');
    expect(text).not.toContain('FRAME-RATE');
  });

  it('states sizes for all rungs or none (hls.js sorts by height when any has one)', () => {
    const unknown = renderMultivariant(planLadder(['source', '480p', '240p']));
    expect(unknown).not.toContain('RESOLUTION');
    const known = renderMultivariant(planLadder(['source', '480p'], { width: 1280, height: 720 }));
    expect(known.match(/RESOLUTION=/g)).toHaveLength(2);
  });

  it('gives every rung a bandwidth in order of its height', () => {
    for (const ladder of every()) {
      const rungs = planLadder(ladder, { height: 1080, width: 1920 });
      const bw = [...renderMultivariant(rungs).matchAll(/BANDWIDTH=(\d+),/g)].map((m) => Number(m[1]));
      expect(bw).toEqual([...bw].sort((a, b) => b - a));
    }
  });
});

describe('h264Codecs', () => {
  it('writes the level as a hex byte of High profile', () => {
    expect(h264Codecs('4.0')).toBe('avc1.640028,mp4a.40.2');
    expect(h264Codecs('3.1')).toBe('avc1.64001f,mp4a.40.2');
    for (const spec of Object.values(RUNG_SPECS))
      expect(h264Codecs(spec.level)).toMatch(/^avc1\.6400[0-9a-f]{2},/);
  });
});
