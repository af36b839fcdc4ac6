import type { Timeline } from '@stromwerk/contracts/drafts';
import { timelineSchema } from '@stromwerk/contracts/drafts';
import { describe, expect, it } from 'vitest';
import { clipAt, clipStartsMs, splitAt, splitRefusal, timelineDurationMs } from './timeline-edit';
import {
  addAudioTrack,
  addImage,
  cornerPosition,
  imageOverlays,
  removeAudioClip,
  updateAudioClip,
  updateImage,
} from './timeline-layers';

const M1 = '00000000-0000-4000-8000-0000000000a1';
const M2 = '00000000-0000-4000-8000-0000000000a2';
const M3 = '00000000-0000-4000-8000-0000000000a3';
const clip = (id: string, mediaId: string, inMs: number, outMs: number) => ({
  id,
  mediaId,
  inMs,
  outMs,
  volume: 1,
  muted: false,
  fadeInMs: 0,
  fadeOutMs: 0,
});
const two = (): Timeline => ({
  version: 1,
  main: [
    {
      ...clip('c1', M1, 1000, 5000),
      fadeInMs: 500,
      fadeOutMs: 700,
      transitionOut: { type: 'fade', durationMs: 1000 },
    },
    clip('c2', M2, 0, 6000),
  ],
  overlays: [],
  audio: [],
});

describe('split at the playhead', () => {
  it('finds the clip under a time of the output, the later one inside a join', () => {
    expect(clipStartsMs(two())).toEqual([0, 3000]);
    expect(clipAt(two(), 2000)).toEqual({ index: 0, mediaMs: 3000 });
    expect(clipAt(two(), 3500)).toEqual({ index: 1, mediaMs: 500 });
    expect(clipAt(two(), 9000)).toBeNull();
  });

  it('cuts a clip in two without changing the length; the halves keep the fade in, fade out and join', () => {
    const before = two();
    const after = splitAt(before, 1500);
    expect(after.main).toEqual([
      { ...clip('c1', M1, 1000, 2500), fadeInMs: 500, fadeOutMs: 0 },
      {
        ...clip('c3', M1, 2500, 5000),
        fadeInMs: 0,
        fadeOutMs: 700,
        transitionOut: { type: 'fade', durationMs: 1000 },
      },
      clip('c2', M2, 0, 6000),
    ]);
    expect(timelineDurationMs(after)).toBe(timelineDurationMs(before));
    expect(timelineSchema.safeParse(after).success).toBe(true);
  });

  it('changes nothing where a half would be no longer than the shortest transition, or past the end', () => {
    const t = two();
    expect(splitAt(t, 120)).toBe(t);
    expect(splitRefusal(t, 120)).toBe('tooShort');
    expect(splitAt(t, 200)).toBe(t);
    expect(splitAt(t, 240)).not.toBe(t);
    expect(splitAt(t, 3950)).not.toBe(t);
    expect(splitAt(t, 8850)).toBe(t);
    expect(splitRefusal(t, 20_000)).toBe('noClip');
    expect(splitRefusal(t, 1500)).toBeNull();
  });
});

describe('audio tracks', () => {
  it('adds up to four tracks with fresh ids, edits and removes a clip (and its empty track)', () => {
    let t = two();
    for (let i = 0; i < 5; i += 1) t = addAudioTrack(t, M3, 8000);
    expect(t.audio).toHaveLength(4);
    const ids = [...t.audio.map((a) => a.id), ...t.audio.flatMap((a) => a.clips.map((c) => c.id))];
    expect(new Set(ids).size).toBe(8);
    const first = t.audio[0]!.clips[0]!;
    expect(first).toMatchObject({ mediaId: M3, atMs: 0, inMs: 0, durationMs: 8000, volumeDb: 0 });
    t = updateAudioClip(t, first.id, { atMs: 1000, volumeDb: -12, fadeInMs: 2000 });
    expect(t.audio[0]!.clips[0]).toMatchObject({ atMs: 1000, volumeDb: -12, fadeInMs: 2000 });
    expect(t.audio[1]!.clips[0]!.volumeDb).toBe(0);
    t = removeAudioClip(t, first.id);
    expect(t.audio).toHaveLength(3);
    expect(timelineSchema.safeParse(t).success).toBe(true);
  });
});

describe('image overlays', () => {
  it('places an image in a corner with a margin, its height from its aspect', () => {
    // A square logo 20 % wide in 16:9 is 35.6 % high.
    const hpw = 16 / 9;
    expect(cornerPosition('top-left', 0.2, hpw)).toEqual({ x: 0.03, y: 0.03 });
    expect(cornerPosition('top-right', 0.2, hpw)).toEqual({ x: 0.77, y: 0.03 });
    expect(cornerPosition('bottom-right', 0.2, hpw)).toEqual({ x: 0.77, y: 0.614 });
    expect(cornerPosition('center', 0.2, hpw)).toEqual({ x: 0.4, y: 0.322 });
  });

  it('adds a logo top right for the whole draft and edits it', () => {
    let t = addImage(two(), M3, 9000, 1);
    const [logo] = imageOverlays(t);
    expect(logo).toMatchObject({
      type: 'image',
      mediaId: M3,
      atMs: 0,
      durationMs: 9000,
      w: 0.15,
      opacity: 1,
    });
    expect(logo!.x).toBeCloseTo(0.82);
    t = updateImage(t, logo!.id, { opacity: 0.5, fadeInMs: 300 });
    expect(imageOverlays(t)[0]).toMatchObject({ opacity: 0.5, fadeInMs: 300 });
    expect(timelineSchema.safeParse(t).success).toBe(true);
  });
});
