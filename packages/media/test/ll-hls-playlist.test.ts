import { describe, expect, it } from 'vitest';
import {
  type LlSegment,
  playlistEdge,
  playlistHas,
  renderLlPlaylist,
  tooFarAhead,
} from '../src/ll-hls-playlist';

const part = (msn: number, i: number, independent = i === 0) => ({
  uri: `part_${msn}_${i}.m4s`,
  seconds: 0.25,
  independent,
});
const segment = (msn: number, parts: number, complete = true, extra: Partial<LlSegment> = {}): LlSegment => ({
  msn,
  uri: complete ? `seg_${msn}.m4s` : null,
  seconds: parts * 0.25,
  parts: Array.from({ length: parts }, (_, i) => part(msn, i)),
  discontinuity: false,
  map: 'init_0.mp4',
  startedAt: Date.UTC(2026, 10, 26, 12, 0, msn * 2),
  ...extra,
});
const render = (segments: LlSegment[], preloadHint: string | null = 'part_9_0.m4s') =>
  renderLlPlaylist({
    segmentSeconds: 2,
    partTargetSeconds: 0.3,
    discontinuitySequence: 4,
    segments,
    preloadHint,
  });

describe('renderLlPlaylist', () => {
  it('writes server control, part target, map, parts of the last segments and the preload hint', () => {
    const text = render([segment(5, 8), segment(6, 8), segment(7, 8), segment(8, 3, false)]);
    const lines = text.split('\n');
    expect(lines.slice(0, 7)).toEqual([
      '#EXTM3U',
      '#EXT-X-VERSION:6',
      '#EXT-X-TARGETDURATION:2',
      '#EXT-X-SERVER-CONTROL:CAN-BLOCK-RELOAD=YES,PART-HOLD-BACK=0.9',
      '#EXT-X-PART-INF:PART-TARGET=0.3',
      '#EXT-X-MEDIA-SEQUENCE:5',
      '#EXT-X-DISCONTINUITY-SEQUENCE:4',
    ]);
    expect(lines.filter((l) => l.startsWith('#EXT-X-MAP'))).toEqual(['#EXT-X-MAP:URI="init_0.mp4"']);
    // Parts only for the open segment and the two complete ones before it.
    expect(text).not.toContain('part_5_');
    expect(lines.filter((l) => l.startsWith('#EXT-X-PART:')).length).toBe(8 + 8 + 3);
    expect(text).toContain('#EXT-X-PART:DURATION=0.25,URI="part_6_0.m4s",INDEPENDENT=YES\n');
    expect(text).toContain('#EXT-X-PART:DURATION=0.25,URI="part_6_1.m4s"\n');
    expect(text).toContain('#EXT-X-PROGRAM-DATE-TIME:2026-11-26T12:00:10.000Z');
    expect(lines.filter((l) => l.startsWith('seg_'))).toEqual(['seg_5.m4s', 'seg_6.m4s', 'seg_7.m4s']);
    expect(lines.at(-2)).toBe('#EXT-X-PRELOAD-HINT:TYPE=PART,URI="part_9_0.m4s"');
  });

  it('marks a new timeline with a discontinuity and its own map; a long segment raises the target', () => {
    const text = render([
      segment(5, 8),
      segment(6, 13, true, { discontinuity: true, map: 'init_6.mp4', seconds: 3.25 }),
    ]);
    expect(text).toContain('#EXT-X-TARGETDURATION:4');
    expect(text).toContain('seg_5.m4s\n#EXT-X-DISCONTINUITY\n#EXT-X-MAP:URI="init_6.mp4"\n');
  });
});

describe('playlistEdge and playlistHas', () => {
  const text = render([segment(5, 8), segment(6, 8), segment(7, 3, false)]);
  const edge = playlistEdge(text);

  it('reads the last complete segment and the parts of the open one', () => {
    expect(edge).toEqual({
      lastComplete: 6,
      openParts: 3,
      discontinuities: 4,
      targetSeconds: 2,
      partTargetSeconds: 0.3,
      partsPerSegment: 8,
    });
  });

  it('holds a segment or part that is there, not one still to come', () => {
    expect(playlistHas(edge, 6, undefined)).toBe(true);
    expect(playlistHas(edge, 6, 12)).toBe(true);
    expect(playlistHas(edge, 7, 2)).toBe(true);
    expect(playlistHas(edge, 7, 3)).toBe(false);
    expect(playlistHas(edge, 7, undefined)).toBe(false);
    expect(playlistHas(edge, 8, 0)).toBe(false);
    expect(tooFarAhead(edge, 8)).toBeNull();
    expect(tooFarAhead(edge, 9)).toBe('_HLS_msn');
  });

  it('refuses a part further ahead than the Advance Part Limit (3 / 0.3 s = 10 parts)', () => {
    // The last listed part is 7.2: 7.12 is ten parts ahead, 7.13 eleven.
    expect(tooFarAhead(edge, 7, 12)).toBeNull();
    expect(tooFarAhead(edge, 7, 13)).toBe('_HLS_part');
    // Segment 7 ends after its 8th part (8 per segment, as segment 6): 8.4 is 5 + 5 = 10 parts ahead.
    expect(tooFarAhead(edge, 8, 4)).toBeNull();
    expect(tooFarAhead(edge, 8, 5)).toBe('_HLS_part');
    // A part of a complete segment is there already, whatever its index.
    expect(tooFarAhead(edge, 6, 40)).toBeNull();
  });

  it('counts listed discontinuities on top of the sequence', () => {
    const more = render([segment(5, 8), segment(6, 8, true, { discontinuity: true, map: 'init_6.mp4' })]);
    expect(playlistEdge(more).discontinuities).toBe(5);
  });
});
