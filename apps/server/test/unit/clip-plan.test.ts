import type { PlaylistSegment } from '@stromwerk/media/hls-playlist';
import { describe, expect, it } from 'vitest';
import { planDvrClip, predictFastCut } from '../../src/modules/clips/clip-plan';

/** Six 6 s segments from t = 1,000,000 ms: the window is [1,000,000, 1,036,000). */
const T = 1_000_000;
const segments: PlaylistSegment[] = Array.from({ length: 6 }, (_, i) => ({
  uri: `seg_${i}.ts`,
  startMs: T + i * 6000,
  durationMs: 6000,
  discontinuity: false,
}));
const ask = (o: Partial<Parameters<typeof planDvrClip>[0]>) =>
  planDvrClip({ segments, live: false, nowMs: T + 40_000, waitMaxMs: 120_000, ...o });

describe('planDvrClip', () => {
  it('takes every segment that overlaps the range, no more', () => {
    const plan = ask({ fromMs: T + 13_300, toMs: T + 27_700 });
    expect(plan).toMatchObject({ ok: true, fromMs: T + 13_300, toMs: T + 27_700, waits: false });
    expect(plan.ok && plan.segments.map((s) => s.uri)).toEqual(['seg_2.ts', 'seg_3.ts', 'seg_4.ts']);
    const onBoundary = ask({ fromMs: T + 12_000, toMs: T + 18_000 });
    expect(onBoundary.ok && onBoundary.segments.map((s) => s.uri)).toEqual(['seg_2.ts']);
  });

  it('reads lastSeconds back from the end of the window', () => {
    const plan = ask({ lastSeconds: 10 });
    expect(plan).toMatchObject({ ok: true, fromMs: T + 26_000, toMs: T + 36_000 });
    expect(ask({ lastSeconds: 37 })).toMatchObject({ ok: false, field: 'lastSeconds' });
  });

  it('refuses a start before the window and names the window', () => {
    const plan = ask({ fromMs: T - 1, toMs: T + 5000 });
    expect(plan).toMatchObject({ ok: false, code: 'CLIP_RANGE_UNAVAILABLE', field: 'from' });
    expect(!plan.ok && plan.window).toEqual({ startMs: T, endMs: T + 36_000 });
    expect(!plan.ok && plan.message).toContain(new Date(T).toISOString());
  });

  it('refuses an end past a stopped stream, waits for a near one of a live stream, refuses a far one', () => {
    expect(ask({ fromMs: T, toMs: T + 37_000 })).toMatchObject({ ok: false, field: 'to' });
    const near = ask({ live: true, fromMs: T + 30_000, toMs: T + 50_000 });
    expect(near).toMatchObject({ ok: true, waits: true });
    expect(near.ok && near.segments.map((s) => s.uri)).toEqual(['seg_5.ts']);
    const far = ask({ live: true, fromMs: T, toMs: T + 40_000 + 120_001 });
    expect(far).toMatchObject({ ok: false, code: 'CLIP_TOO_EARLY', field: 'to' });
  });

  it('refuses an empty playlist and a range that ends before it starts', () => {
    expect(ask({ segments: [], fromMs: T, toMs: T + 1 })).toMatchObject({ ok: false, window: null });
    expect(ask({ fromMs: T + 5000, toMs: T + 5000 })).toMatchObject({ ok: false, field: 'to' });
  });
});

describe('predictFastCut', () => {
  const planned = (o: Partial<Parameters<typeof planDvrClip>[0]>) => {
    const plan = ask(o);
    if (!plan.ok) throw new Error(plan.message);
    return plan;
  };

  it('covers the overlapping segments: the first one’s start to the last one’s end', () => {
    expect(predictFastCut(planned({ fromMs: T + 13_300, toMs: T + 27_700 }), T + 36_000, 6000)).toEqual({
      startMs: T + 12_000,
      endMs: T + 30_000,
      durationMs: 18_000,
      final: true,
    });
  });

  it('counts segments still to come at the nominal length while the end is ahead', () => {
    const plan = planned({ live: true, fromMs: T + 30_000, toMs: T + 45_000 });
    expect(predictFastCut(plan, T + 36_000, 6000)).toEqual({
      startMs: T + 30_000,
      endMs: T + 48_000,
      durationMs: 18_000,
      final: false,
    });
  });
});
