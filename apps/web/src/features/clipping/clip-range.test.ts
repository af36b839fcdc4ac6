import { describe, expect, it } from 'vitest';
import {
  type ClipSource,
  clipBody,
  durationOf,
  emptyRange,
  formatOffset,
  gapOf,
  gapOfError,
  isTypingTarget,
  quickRange,
  setIn,
  setOut,
  stepMs,
} from './clip-range';

const output: ClipSource = { kind: 'output', id: 'o1', name: 'Main', live: true, segmentSeconds: 6 };
const media: ClipSource = { kind: 'media', id: 'm1', name: 'Talk', durationMs: 60_000 };
const options = { name: ' Goal ', mode: 'both' as const, autoDeleteAt: null };

describe('clip range', () => {
  it('sends ISO wall-clock times for a player and offsets for a media', () => {
    const inAt = Date.parse('2026-11-25T20:00:01.500Z');
    const range = setOut(setIn(emptyRange, inAt), inAt + 14_400);
    expect(clipBody(output, range, options)).toEqual({
      outputId: 'o1',
      from: '2026-11-25T20:00:01.500Z',
      to: '2026-11-25T20:00:15.900Z',
      mode: 'both',
      name: 'Goal',
    });
    expect(clipBody(media, setOut(setIn(emptyRange, 1333.4), 2500.6), { ...options, name: '' })).toEqual({
      mediaId: 'm1',
      inMs: 1333,
      outMs: 2501,
      mode: 'both',
    });
  });

  it('sends lastSeconds for a quick choice and forgets it once In or Out is set', () => {
    const quick = quickRange(60, 1_000_000);
    expect(clipBody(output, quick, { ...options, autoDeleteAt: '2027-01-01T00:00:00.000Z' })).toEqual({
      outputId: 'o1',
      lastSeconds: 60,
      mode: 'both',
      name: 'Goal',
      autoDeleteAt: '2027-01-01T00:00:00.000Z',
    });
    expect(durationOf(quick)).toBe(60_000);
    expect(setIn(quick, 950_000).lastSeconds).toBeNull();
  });

  it('keeps In before Out', () => {
    const range = setIn(emptyRange, 5000);
    expect(setOut(range, 4000)).toEqual({ inAt: null, outAt: 4000, lastSeconds: null });
    expect(setIn(setOut(emptyRange, 3000), 3000)).toEqual({ inAt: 3000, outAt: null, lastSeconds: null });
    expect(durationOf(setOut(range, 7500))).toBe(2500);
  });

  it('steps a frame, a DVR segment or two seconds of a media', () => {
    expect(stepMs(output, false)).toBeCloseTo(33.33, 1);
    expect(stepMs(output, true)).toBe(6000);
    expect(stepMs(media, true)).toBe(2000);
  });

  it('writes offsets with tenths', () => {
    expect(formatOffset(62_340)).toBe('1:02.3');
    expect(formatOffset(3_723_400)).toBe('1:02:03.4');
  });
});

describe('isTypingTarget', () => {
  it('leaves keys to fields, lists and dialogs', () => {
    document.body.innerHTML =
      '<input id="a"><div role="dialog"><button id="b">x</button></div><button id="c">y</button>';
    expect(isTypingTarget(document.getElementById('a'))).toBe(true);
    expect(isTypingTarget(document.getElementById('b'))).toBe(true);
    expect(isTypingTarget(document.getElementById('c'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
  });
});

describe('gaps of a DVR window (issue 33)', () => {
  const gaps = [{ start: 1000, end: 2000 }];
  const range = (inAt: number | null, outAt: number | null) => ({ inAt, outAt, lastSeconds: null });
  it('finds In or Out inside a gap, as the server does, and lets a range across one pass', () => {
    expect(gapOf(range(1500, 1800), gaps)).toEqual({ field: 'in', gap: gaps[0] });
    expect(gapOf(range(500, 2000), gaps)).toEqual({ field: 'out', gap: gaps[0] });
    expect(gapOf(range(500, 2500), gaps)).toBeNull();
    expect(gapOf(range(2000, 2500), gaps)).toBeNull();
    expect(gapOf(range(500, 1000), gaps)).toBeNull();
  });
  it('reads the gap a refusal names', () => {
    const error = {
      details: [{ field: 'gap', message: '2026-11-25T10:00:12.000Z/2026-11-25T10:14:12.000Z' }],
    };
    expect(gapOfError(error)).toEqual({
      start: Date.parse('2026-11-25T10:00:12Z'),
      end: Date.parse('2026-11-25T10:14:12Z'),
    });
    expect(gapOfError({ details: [] })).toBeNull();
  });
});
