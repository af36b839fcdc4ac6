import { draftOutputSchema, timelineSchema } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import { draftDurationMs } from '../src/draft-graph';
import { previewOutput, previewWindow } from '../src/draft-window';

const A = '00000000-0000-4000-8000-000000000001';
const B = '00000000-0000-4000-8000-000000000002';
const LOGO = '00000000-0000-4000-8000-000000000003';
const MUSIC = '00000000-0000-4000-8000-000000000004';
/** Schema input: defaults (volume, fades, presets) filled in by parsing. */
const timeline = (t: Record<string, unknown>) => timelineSchema.parse(t);

describe('the exact preview window', () => {
  it('cuts one long clip down to the four seconds around the playhead', () => {
    const w = previewWindow(
      timeline({ main: [{ id: 'c1', mediaId: A, inMs: 1000, outMs: 61_000 }] }),
      30_000,
    );
    expect([w.fromMs, w.toMs, w.skipMs, w.lengthMs]).toEqual([28_000, 32_000, 0, 4000]);
    expect(w.timeline.main).toEqual([expect.objectContaining({ inMs: 29_000, outMs: 33_000 })]);
  });

  it('stays inside the draft at its start and end', () => {
    const t = timeline({ main: [{ id: 'c1', mediaId: A, inMs: 0, outMs: 10_000 }] });
    expect(previewWindow(t, 300)).toMatchObject({ fromMs: 0, toMs: 4000, skipMs: 0 });
    expect(previewWindow(t, 9900)).toMatchObject({ fromMs: 6000, toMs: 10_000, skipMs: 0 });
    const short = timeline({ main: [{ id: 'c1', mediaId: A, inMs: 0, outMs: 2500 }] });
    expect(previewWindow(short, 1000)).toMatchObject({ fromMs: 0, toMs: 2500, lengthMs: 2500 });
  });

  it('keeps the clip on the far side of a transition, cut to the transition itself', () => {
    // A 0-10 s, a 1 s fade, B from 9 s to 19 s; the window 13-17 s lies in B only.
    const t = timeline({
      main: [
        { id: 'c1', mediaId: A, inMs: 0, outMs: 10_000, transitionOut: { type: 'fade', durationMs: 1000 } },
        { id: 'c2', mediaId: B, inMs: 0, outMs: 10_000 },
      ],
    });
    const w = previewWindow(t, 15_000);
    expect(w.timeline.main.map((c) => [c.id, c.inMs, c.outMs])).toEqual([
      ['c1', 9000, 10_000],
      ['c2', 0, 8000],
    ]);
    expect(w.timeline.main[0]!.transitionOut).toEqual({ type: 'fade', durationMs: 1000 });
    // B starts at 0 in the cut-down draft as it started at 9 s in the whole one: 13 s is 4 s in.
    expect(w.skipMs).toBe(4000);
    expect(draftDurationMs(w.timeline)).toBeGreaterThanOrEqual(w.skipMs + w.lengthMs);
  });

  it('does not cut into a fade-in the window shows', () => {
    const t = timeline({ main: [{ id: 'c1', mediaId: A, inMs: 0, outMs: 20_000, fadeInMs: 5000 }] });
    const w = previewWindow(t, 4000);
    expect(w.timeline.main[0]).toMatchObject({ inMs: 0, fadeInMs: 5000 });
    expect(w.skipMs).toBe(2000);
  });

  it('moves titles, images and sounds with the cut, keeps a fade-in running into the window whole', () => {
    const t = timeline({
      main: [{ id: 'c1', mediaId: A, inMs: 0, outMs: 60_000 }],
      overlays: [
        { id: 'gone', type: 'text', text: 'Before', atMs: 0, durationMs: 5000 },
        {
          id: 'logo',
          type: 'image',
          mediaId: LOGO,
          atMs: 27_000,
          durationMs: 10_000,
          fadeInMs: 2000,
          x: 0.8,
          y: 0.05,
          w: 0.1,
        },
        { id: 'later', type: 'text', text: 'After', atMs: 40_000, durationMs: 5000 },
      ],
      audio: [
        {
          id: 'a1',
          clips: [{ id: 'm1', mediaId: MUSIC, atMs: 10_000, inMs: 0, durationMs: 30_000, fadeInMs: 1000 }],
        },
      ],
    });
    const w = previewWindow(t, 30_000);
    // The logo fades in from 27 s to 29 s and the window starts at 28 s: the cut moves back to 27 s.
    expect(w.fromMs).toBe(28_000);
    expect(w.timeline.main[0]).toMatchObject({ inMs: 27_000 });
    expect(w.skipMs).toBe(1000);
    expect(w.timeline.overlays).toEqual([
      expect.objectContaining({ id: 'logo', atMs: 0, durationMs: 10_000, fadeInMs: 2000 }),
    ]);
    // The music started 17 s before the cut: it goes on from 17 s into its file, its fade long over.
    expect(w.timeline.audio[0]!.clips).toEqual([
      expect.objectContaining({ id: 'm1', atMs: 0, inMs: 17_000, durationMs: 13_000, fadeInMs: 0 }),
    ]);
  });

  it('renders at a small size of the same shape, always re-encoded', () => {
    const size = (s: string) => previewOutput(draftOutputSchema.parse({ size: s, renderMode: 'copy' }));
    expect(size('1920x1080')).toMatchObject({ size: '480x270', renderMode: 'reencode' });
    expect(size('1280x720').size).toBe('480x270');
    expect(size('1080x1920').size).toBe('270x480');
    expect(size('1080x1080').size).toBe('480x480');
  });
});
