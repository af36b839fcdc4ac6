import { type DraftOutput, draftOutputSchema, type Timeline } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import { type DraftDoc, draftChanges } from './draft-changes';

const M1 = '00000000-0000-4000-8000-0000000000a1';
const M2 = '00000000-0000-4000-8000-0000000000a2';
const clip = (id: string, inMs = 0, outMs = 4000) => ({
  id,
  mediaId: M1,
  inMs,
  outMs,
  volume: 1,
  muted: false,
  fadeInMs: 0,
  fadeOutMs: 0,
});
type Clip = Timeline['main'][number];
const output: DraftOutput = draftOutputSchema.parse({});
const base = (): DraftDoc => ({
  name: 'Launch',
  output,
  timeline: {
    version: 1,
    main: [clip('a'), clip('b'), clip('c')],
    overlays: [
      { id: 't1', type: 'text', text: 'Hello', atMs: 0, durationMs: 2000, preset: 'title' },
    ] as Timeline['overlays'],
    audio: [
      { id: 'tr1', clips: [{ id: 'm1', mediaId: M2, atMs: 0, inMs: 0, durationMs: 3000 }] },
    ] as Timeline['audio'],
  },
});

describe('draftChanges', () => {
  it('finds nothing between equal versions', () => {
    expect(draftChanges(base(), base())).toEqual([]);
  });

  it('counts main clips added, removed, trimmed and a new order, and joins on their own', () => {
    const after = base();
    const [a, , c] = after.timeline.main as [Clip, Clip, Clip];
    after.timeline = {
      ...after.timeline,
      main: [{ ...c, outMs: 3000 }, { ...a, transitionOut: { type: 'fade', durationMs: 500 } }, clip('d')],
    };
    expect(draftChanges(base(), after)).toEqual([
      { part: 'main', added: 1, removed: 1, changed: 1, reordered: true },
      { part: 'transitions', changed: 1 },
    ]);
  });

  it('names a rename, title, logo and audio changes, and the output settings that differ', () => {
    const after = base();
    after.name = 'Launch (final)';
    after.output = { ...output, size: '1920x1080', loudnessLufs: -14 };
    after.timeline = {
      ...after.timeline,
      overlays: [
        { id: 't1', type: 'text', text: 'Hello world', atMs: 0, durationMs: 2000, preset: 'title' },
        { id: 'i1', type: 'image', mediaId: M2, atMs: 0, durationMs: 1000, x: 0.8, y: 0.8, w: 0.1 },
      ] as Timeline['overlays'],
      audio: [],
    };
    expect(draftChanges(base(), after)).toEqual([
      { part: 'name', to: 'Launch (final)' },
      { part: 'titles', added: 0, removed: 0, changed: 1, reordered: false },
      { part: 'images', added: 1, removed: 0, changed: 0, reordered: false },
      { part: 'audio', added: 0, removed: 1, changed: 0, reordered: false },
      { part: 'output', keys: ['size', 'loudnessLufs'] },
    ]);
  });
});
