import { describe, expect, it } from 'vitest';
import { dvrWindow, formatBehind, formatClock, seekTo } from './dvr-window';

describe('dvrWindow', () => {
  it('puts live liveSync seconds before the end of the seekable range', () => {
    const w = dvrWindow({ start: 100, end: 160 }, 142, 18)!;
    expect(w).toEqual({ start: 100, live: 142, current: 142, behind: 0, atLive: true });
  });

  it('takes the live position hls.js reports, inside the range', () => {
    expect(dvrWindow({ start: 0, end: 66 }, 50, 18, 60)!.behind).toBe(10);
    expect(dvrWindow({ start: 0, end: 66 }, 50, 18, 90)!.live).toBe(66);
    expect(dvrWindow({ start: 0, end: 66 }, 50, 18, Number.NaN)!.live).toBe(48);
  });

  it('says how far behind live a viewer is, and when that no longer counts as live', () => {
    const w = dvrWindow({ start: 100, end: 160 }, 112, 18)!;
    expect(w.behind).toBe(30);
    expect(w.atLive).toBe(false);
    expect(dvrWindow({ start: 100, end: 160 }, 137, 18)!.atLive).toBe(true);
  });

  it('clamps positions outside the window and has no window without a range', () => {
    expect(dvrWindow({ start: 100, end: 160 }, 50, 18)!.current).toBe(100);
    expect(dvrWindow({ start: 100, end: 160 }, 500, 18)!.behind).toBe(0);
    expect(dvrWindow({ start: 100, end: 110 }, 105, 18)!.live).toBe(100);
    expect(dvrWindow(null, 0, 18)).toBeNull();
    expect(dvrWindow({ start: 5, end: 5 }, 5, 18)).toBeNull();
  });
});

describe('seekTo', () => {
  it('moves by the step and stays inside the window', () => {
    const w = dvrWindow({ start: 100, end: 160 }, 130, 18)!;
    expect(seekTo(w, -10)).toBe(120);
    expect(seekTo(w, 10)).toBe(140);
    expect(seekTo(w, 100)).toBe(142);
    expect(seekTo(w, -100)).toBe(100);
  });
});

describe('formatBehind / formatClock', () => {
  it('writes minutes and seconds, hours only when needed', () => {
    expect(formatBehind(30)).toBe('-0:30');
    expect(formatBehind(725.4)).toBe('-12:05');
    expect(formatBehind(3723)).toBe('-1:02:03');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(-3)).toBe('0:00');
  });
});
