import type { MainClip } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import { blockBox, dropIndex, keyStepMs, MIN_BLOCK_PX, mediaWindow, scaleOf, trimmed } from './strip-math';

const clip = (inMs: number, outMs: number): MainClip => ({
  id: 'c1',
  mediaId: '00000000-0000-4000-8000-000000000001',
  inMs,
  outMs,
  volume: 1,
  muted: false,
  fadeInMs: 0,
  fadeOutMs: 0,
});

describe('timeline strip arithmetic', () => {
  it('scales the draft to the strip, an empty or short draft as 10 s', () => {
    expect(scaleOf(1000, 20_000)).toBe(0.05);
    expect(scaleOf(1000, 0)).toBe(0.1);
    expect(blockBox(4000, 2000, 0.05)).toEqual({ left: 200, width: 100 });
    expect(blockBox(0, 10, 0.05).width).toBe(MIN_BLOCK_PX);
  });

  it('shows the trimmed part of a picture spread over the whole media', () => {
    // A 60 s media, clip 15 s..45 s, in a 300 px block: the whole picture is 600 px, shifted by a quarter.
    expect(mediaWindow(15_000, 30_000, 60_000, 300)).toEqual({ size: '600px 100%', x: '-150px' });
    // The whole media: the picture fills the block exactly.
    expect(mediaWindow(0, 60_000, 60_000, 300)).toEqual({ size: '300px 100%', x: '0px' });
    expect(mediaWindow(0, 1000, null, 300)).toBeNull();
  });

  it('trims an edge inside the media and never below the shortest clip', () => {
    expect(trimmed(clip(1000, 5000), 'in', 500, 10_000)).toEqual({ inMs: 1500, outMs: 5000 });
    expect(trimmed(clip(1000, 5000), 'in', -5000, 10_000)).toEqual({ inMs: 0, outMs: 5000 });
    expect(trimmed(clip(1000, 5000), 'in', 9000, 10_000)).toEqual({ inMs: 4900, outMs: 5000 });
    expect(trimmed(clip(1000, 5000), 'out', 9000, 10_000)).toEqual({ inMs: 1000, outMs: 10_000 });
    expect(trimmed(clip(1000, 5000), 'out', -9000, 10_000)).toEqual({ inMs: 1000, outMs: 1100 });
    // Unknown length: Out is not limited by it.
    expect(trimmed(clip(1000, 5000), 'out', 20_000, null).outMs).toBe(25_000);
  });

  it('drops a dragged block where its centre passes the others', () => {
    const centres = [50, 150, 250, 350];
    expect(dropIndex(centres, 0, 40)).toBe(0);
    expect(dropIndex(centres, 0, 200)).toBe(1);
    expect(dropIndex(centres, 0, 400)).toBe(3);
    expect(dropIndex(centres, 3, 10)).toBe(0);
    expect(dropIndex(centres, 2, 260)).toBe(2);
  });

  it('steps an edge by a tenth of a second, a second with Shift, and to the limits', () => {
    expect(keyStepMs('ArrowRight', false)).toBe(100);
    expect(keyStepMs('ArrowLeft', true)).toBe(-1000);
    expect(keyStepMs('Home', false)).toBe('min');
    expect(keyStepMs('End', false)).toBe('max');
    expect(keyStepMs('a', false)).toBeNull();
  });
});
