import type { MainClip, Timeline } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import {
  addClip,
  addTitle,
  duplicateClip,
  moveClip,
  removeClip,
  setTransition,
  timelineDurationMs,
  timelineIssues,
} from './timeline-edit';

const M1 = '00000000-0000-4000-8000-0000000000a1';
const M2 = '00000000-0000-4000-8000-0000000000a2';
const clip = (id: string, mediaId: string, inMs: number, outMs: number, extra: Partial<MainClip> = {}) => ({
  id,
  mediaId,
  inMs,
  outMs,
  volume: 1,
  muted: false,
  fadeInMs: 0,
  fadeOutMs: 0,
  ...extra,
});
const timeline = (main: MainClip[]): Timeline => ({ version: 1, main, overlays: [], audio: [] });

describe('timeline edits', () => {
  it('adds whole media with fresh ids and sums the length less each transition', () => {
    let t = addClip(addClip(timeline([]), M1, 4000), M2, 3000);
    expect(t.main.map((c) => [c.id, c.inMs, c.outMs])).toEqual([
      ['c1', 0, 4000],
      ['c2', 0, 3000],
    ]);
    expect(timelineDurationMs(t)).toBe(7000);
    t = setTransition(t, 0, { type: 'fade', durationMs: 1000 });
    expect(timelineDurationMs(t)).toBe(6000);
    expect(timelineDurationMs(setTransition(t, 0, { type: 'cut', durationMs: 1000 }))).toBe(7000);
    expect(setTransition(t, 0, { type: 'cut', durationMs: 1000 }).main[0]).not.toHaveProperty(
      'transitionOut',
    );
  });

  it('moves, duplicates and removes clips; the last clip never keeps a join', () => {
    const fade = { type: 'fade' as const, durationMs: 500 };
    const t = timeline([clip('a', M1, 0, 2000, { transitionOut: fade }), clip('b', M2, 0, 2000)]);
    const moved = moveClip(t, 0, 1);
    expect(moved.main.map((c) => c.id)).toEqual(['b', 'a']);
    expect(moved.main[1]).not.toHaveProperty('transitionOut');
    expect(moveClip(t, 0, -1)).toBe(t);
    const copied = duplicateClip(t, 0);
    expect(copied.main.map((c) => c.id)).toEqual(['a', 'c3', 'b']);
    expect(copied.main[0]!.transitionOut).toEqual(fade);
    expect(copied.main[1]).not.toHaveProperty('transitionOut');
    const removed = removeClip(t, 1);
    expect(removed.main.map((c) => c.id)).toEqual(['a']);
    expect(removed.main[0]).not.toHaveProperty('transitionOut');
  });

  it('names what the server would refuse', () => {
    const t = addTitle(
      timeline([
        clip('a', M1, 1000, 1050, { transitionOut: { type: 'dissolve', durationMs: 2000 } }),
        clip('b', M2, 0, 9000),
      ]),
      'Hello',
    );
    expect(t.overlays[0]).toMatchObject({ type: 'text', text: 'Hello', preset: 'title', atMs: 0 });
    const issues = timelineIssues(t, (id) => (id === M2 ? 5000 : null));
    expect([...issues.tooShort]).toEqual(['a']);
    expect([...issues.beyond]).toEqual(['b']);
    expect([...issues.joinTooLong]).toEqual(['a']);
  });
});
