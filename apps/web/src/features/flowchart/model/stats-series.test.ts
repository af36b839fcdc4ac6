import { describe, expect, it, vi } from 'vitest';
import { SPARKLINE_WINDOW_MS, StatsSeries, sparklinePath, statsSampleOf } from './stats-series';

const T0 = Date.parse('2026-11-26T04:00:00Z');

describe('StatsSeries', () => {
  it('keeps the last 60 s per node and tells only that node’s listeners', () => {
    const series = new StatsSeries();
    const onSource = vi.fn();
    const onTarget = vi.fn();
    series.subscribe('source:a', onSource);
    series.subscribe('target:b', onTarget);
    for (let s = 0; s <= 70; s += 1) series.add('source:a', { at: T0 + s * 1000, kbps: 1000 + s });
    const points = series.get('source:a');
    expect(points[0]!.at).toBe(T0 + 11_000);
    expect(points[points.length - 1]).toEqual({ at: T0 + 70_000, kbps: 1070 });
    expect(points.every((p) => p.at > T0 + 70_000 - SPARKLINE_WINDOW_MS)).toBe(true);
    expect(onSource).toHaveBeenCalledTimes(71);
    expect(onTarget).not.toHaveBeenCalled();
    expect(series.get('target:b')).toEqual([]);
  });

  it('drops late, repeated and invalid samples; the array stays the same object without a change', () => {
    const series = new StatsSeries();
    series.add('source:a', { at: T0 + 2000, kbps: 10 });
    const before = series.get('source:a');
    series.add('source:a', { at: T0 + 1000, kbps: 99 });
    series.add('source:a', { at: T0 + 2000, kbps: 99 });
    series.add('source:a', { at: T0 + 3000, kbps: -1 });
    series.add('source:a', { at: Number.NaN, kbps: 5 });
    expect(series.get('source:a')).toBe(before);
    expect(series.get('source:a')).toEqual([{ at: T0 + 2000, kbps: 10 }]);
  });
});

describe('statsSampleOf', () => {
  it('maps a stats message to its node and sample', () => {
    expect(statsSampleOf('x', { kind: 'target', kbps: 2500, at: '2026-11-26T04:00:00.000Z' })).toEqual({
      nodeId: 'target:x',
      point: { at: T0, kbps: 2500 },
    });
  });
  it('refuses what is not a sample', () => {
    expect(statsSampleOf('x', null)).toBeNull();
    expect(statsSampleOf('x', { kind: 'output', kbps: 1, at: '2026-11-26T04:00:00Z' })).toBeNull();
    expect(statsSampleOf('x', { kind: 'source', kbps: '1', at: '2026-11-26T04:00:00Z' })).toBeNull();
    expect(statsSampleOf('x', { kind: 'source', kbps: 1, at: 'yesterday' })).toBeNull();
  });
});

describe('sparklinePath', () => {
  it('draws nothing for fewer than two samples', () => {
    expect(sparklinePath([], 100, 20)).toBe('');
    expect(sparklinePath([{ at: T0, kbps: 5 }], 100, 20)).toBe('');
  });
  it('ends at the right edge, puts the peak at the top and zero at the bottom', () => {
    const d = sparklinePath(
      [
        { at: T0, kbps: 0 },
        { at: T0 + 30_000, kbps: 2000 },
        { at: T0 + 60_000, kbps: 1000 },
      ],
      120,
      21,
    );
    expect(d).toBe('M0.0,20.5 L60.0,0.5 L120.0,10.5');
  });
});
