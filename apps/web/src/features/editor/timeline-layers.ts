import {
  type AudioClip,
  DRAFT_AUDIO_TRACKS_MAX,
  type OverlayClip,
  type Timeline,
} from '@stromwerk/contracts/drafts';
import { freshId } from './timeline-edit';

/**
 * Pure edits of the layers above the main track: audio tracks (music, voice-over) and image overlays
 * (a logo). Like `timeline-edit.ts`, each returns a new timeline for the undo stack.
 */
export type ImageOverlay = Extract<OverlayClip, { type: 'image' }>;
export type AudioTrack = Timeline['audio'][number];

export const imageOverlays = (t: Timeline) => t.overlays.filter((o): o is ImageOverlay => o.type === 'image');

/** A new audio track holding one clip of the media from its start, at the start of the output. */
export function addAudioTrack(t: Timeline, mediaId: string, durationMs: number): Timeline {
  if (t.audio.length >= DRAFT_AUDIO_TRACKS_MAX) return t;
  const trackId = freshId(t, 'a');
  const clipId = freshId({ ...t, audio: [...t.audio, { id: trackId, clips: [] }] }, 'a');
  const clip: AudioClip = {
    id: clipId,
    mediaId,
    atMs: 0,
    inMs: 0,
    durationMs: Math.max(100, durationMs),
    volumeDb: 0,
    fadeInMs: 0,
    fadeOutMs: 0,
  };
  return { ...t, audio: [...t.audio, { id: trackId, clips: [clip] }] };
}

export function updateAudioClip(
  t: Timeline,
  clipId: string,
  patch: Partial<Omit<AudioClip, 'id'>>,
): Timeline {
  return {
    ...t,
    audio: t.audio.map((track) =>
      track.clips.some((c) => c.id === clipId)
        ? { ...track, clips: track.clips.map((c) => (c.id === clipId ? { ...c, ...patch } : c)) }
        : track,
    ),
  };
}

/** Removes the clip; a track left empty goes with it. */
export function removeAudioClip(t: Timeline, clipId: string): Timeline {
  return {
    ...t,
    audio: t.audio
      .map((track) => ({ ...track, clips: track.clips.filter((c) => c.id !== clipId) }))
      .filter((track) => track.clips.length > 0),
  };
}

export const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right', 'center'] as const;
export type Corner = (typeof CORNERS)[number];
/** The gap to the frame's edges, as a fraction of the output. */
const MARGIN = 0.03;

/**
 * Left and top of an image `w` wide (a fraction of the output width) in a corner. `heightPerWidth` is the
 * image's height as a fraction of the output height per unit of `w` (image h/w × output w/h).
 */
export function cornerPosition(corner: Corner, w: number, heightPerWidth: number): { x: number; y: number } {
  const h = Math.min(1, w * heightPerWidth);
  const clamp = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 1000) / 1000;
  const left = MARGIN;
  const right = 1 - MARGIN - w;
  const top = MARGIN;
  const bottom = 1 - MARGIN - h;
  if (corner === 'center') return { x: clamp((1 - w) / 2), y: clamp((1 - h) / 2) };
  return {
    x: clamp(corner.endsWith('left') ? left : right),
    y: clamp(corner.startsWith('top') ? top : bottom),
  };
}

/** A logo in the top right corner for the whole draft (`durationMs`), 15 % of the width. */
export function addImage(t: Timeline, mediaId: string, durationMs: number, heightPerWidth: number): Timeline {
  const w = 0.15;
  const image: ImageOverlay = {
    id: freshId(t, 'i'),
    type: 'image',
    mediaId,
    atMs: 0,
    durationMs: Math.max(100, durationMs),
    ...cornerPosition('top-right', w, heightPerWidth),
    w,
    opacity: 1,
    fadeInMs: 0,
    fadeOutMs: 0,
  };
  return { ...t, overlays: [...t.overlays, image] };
}

export function updateImage(
  t: Timeline,
  id: string,
  patch: Partial<Omit<ImageOverlay, 'id' | 'type'>>,
): Timeline {
  return {
    ...t,
    overlays: t.overlays.map((o) => (o.id === id && o.type === 'image' ? { ...o, ...patch } : o)),
  };
}
