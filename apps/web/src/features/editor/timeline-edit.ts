import {
  type MainClip,
  type OverlayClip,
  type Timeline,
  TRANSITION_MS,
  type Transition,
} from '@stromwerk/contracts/drafts';

/**
 * Pure edits of a draft's timeline: each returns a new timeline, so the editor can keep the old ones as
 * its undo stack. Main clips play in order; a transition overlaps its two neighbours (it adds no time).
 */
export type TextOverlay = Extract<OverlayClip, { type: 'text' }>;

const lengthOf = (c: MainClip) => Math.max(0, c.outMs - c.inMs);
const joinMs = (c: MainClip) =>
  c.transitionOut && c.transitionOut.type !== 'cut' ? c.transitionOut.durationMs : 0;

/** The rendered length: the clips end to end, less the overlap of each transition (the server's rule). */
export function timelineDurationMs(t: Timeline): number {
  return t.main.reduce((sum, c, i) => sum + lengthOf(c) - (i < t.main.length - 1 ? joinMs(c) : 0), 0);
}

/** A clip id not used in the timeline yet (`c1`, `c2`, …). */
export function freshId(t: Timeline, prefix = 'c'): string {
  const audio = t.audio.flatMap((a) => [a.id, ...a.clips.map((c) => c.id)]);
  const used = new Set([...t.main.map((c) => c.id), ...t.overlays.map((o) => o.id), ...audio]);
  let n = t.main.length + t.overlays.length + audio.length + 1;
  while (used.has(`${prefix}${n}`)) n += 1;
  return `${prefix}${n}`;
}

/** The last clip has no join: a transition stays only where a next clip follows. */
function tidy(main: MainClip[]): MainClip[] {
  const last = main.at(-1);
  if (!last?.transitionOut) return main;
  const { transitionOut: _gone, ...rest } = last;
  return [...main.slice(0, -1), rest];
}

export function addClip(t: Timeline, mediaId: string, durationMs: number): Timeline {
  const clip: MainClip = {
    id: freshId(t),
    mediaId,
    inMs: 0,
    outMs: durationMs,
    volume: 1,
    muted: false,
    fadeInMs: 0,
    fadeOutMs: 0,
  };
  return { ...t, main: [...t.main, clip] };
}

/** Moves the clip at `index` by `by` places (-1 left, +1 right); out of range changes nothing. */
export function moveClip(t: Timeline, index: number, by: number): Timeline {
  const to = index + by;
  if (index < 0 || index >= t.main.length || to < 0 || to >= t.main.length) return t;
  const main = [...t.main];
  const [clip] = main.splice(index, 1);
  main.splice(to, 0, clip!);
  return { ...t, main: tidy(main) };
}

export function removeClip(t: Timeline, index: number): Timeline {
  return { ...t, main: tidy(t.main.filter((_, i) => i !== index)) };
}

/** A copy right after the original, without its join (the original keeps it). */
export function duplicateClip(t: Timeline, index: number): Timeline {
  const original = t.main[index];
  if (!original) return t;
  const { transitionOut: _join, ...rest } = original;
  const main = [...t.main];
  main.splice(index + 1, 0, { ...rest, id: freshId(t) });
  return { ...t, main: tidy(main) };
}

export function updateClip(t: Timeline, index: number, patch: Partial<MainClip>): Timeline {
  return { ...t, main: t.main.map((c, i) => (i === index ? { ...c, ...patch } : c)) };
}

/** The join after clip `index`; `cut` removes it. */
export function setTransition(t: Timeline, index: number, transition: Transition): Timeline {
  return {
    ...t,
    main: t.main.map((c, i) => {
      if (i !== index) return c;
      if (transition.type === 'cut') {
        const { transitionOut: _gone, ...rest } = c;
        return rest;
      }
      return { ...c, transitionOut: transition };
    }),
  };
}

export const textOverlays = (t: Timeline) => t.overlays.filter((o): o is TextOverlay => o.type === 'text');

export function addTitle(t: Timeline, text: string): Timeline {
  const title: TextOverlay = {
    id: freshId(t, 't'),
    type: 'text',
    text,
    preset: 'title',
    atMs: 0,
    durationMs: 3000,
  };
  return { ...t, overlays: [...t.overlays, title] };
}

export function updateOverlay(t: Timeline, id: string, patch: Partial<Omit<TextOverlay, 'type'>>): Timeline {
  return {
    ...t,
    overlays: t.overlays.map((o) => (o.id === id && o.type === 'text' ? { ...o, ...patch } : o)),
  };
}

export function removeOverlay(t: Timeline, id: string): Timeline {
  return { ...t, overlays: t.overlays.filter((o) => o.id !== id) };
}

/** Where each main clip starts on the output timeline (a transition starts the next clip early). */
export function clipStartsMs(t: Timeline): number[] {
  let at = 0;
  return t.main.map((c) => {
    const start = at;
    at += lengthOf(c) - joinMs(c);
    return start;
  });
}

/** The main clip playing at `ms` of the output and the time in its media there (the later clip in a join). */
export function clipAt(t: Timeline, ms: number): { index: number; mediaMs: number } | null {
  const starts = clipStartsMs(t);
  for (let i = t.main.length - 1; i >= 0; i -= 1) {
    const clip = t.main[i]!;
    if (ms >= starts[i]! && ms < starts[i]! + lengthOf(clip))
      return { index: i, mediaMs: clip.inMs + ms - starts[i]! };
  }
  return null;
}

/** The shortest clip the server takes (In to Out). */
export const MIN_CLIP_MS = 100;

/**
 * Each half of a split must be longer than the shortest transition: a fragment the length of a few frames
 * could take no transition at all (one must be shorter than both clips it joins), and was never meant.
 */
export const SPLIT_MIN_MS = TRANSITION_MS.min;

/** Why the playhead cannot split: no clip under it, or a half would be no longer than `SPLIT_MIN_MS`. */
export function splitRefusal(t: Timeline, ms: number): 'noClip' | 'tooShort' | null {
  const at = clipAt(t, Math.round(ms));
  if (!at) return 'noClip';
  const clip = t.main[at.index]!;
  return at.mediaMs - clip.inMs <= SPLIT_MIN_MS || clip.outMs - at.mediaMs <= SPLIT_MIN_MS
    ? 'tooShort'
    : null;
}

/**
 * Splits the main clip under `ms` of the output in two, end to end: the first half keeps the fade in, the
 * second the fade out and the join to the next clip, so the draft's length does not change. Where
 * `splitRefusal` objects (too close to a clip's edge, past the end) it changes nothing.
 */
export function splitAt(t: Timeline, ms: number): Timeline {
  if (splitRefusal(t, ms)) return t;
  const at = clipAt(t, Math.round(ms))!;
  const clip = t.main[at.index]!;
  const { transitionOut, ...rest } = clip;
  const first: MainClip = { ...rest, outMs: at.mediaMs, fadeOutMs: 0 };
  const second: MainClip = {
    ...rest,
    id: freshId(t),
    inMs: at.mediaMs,
    fadeInMs: 0,
    ...(transitionOut ? { transitionOut } : {}),
  };
  const main = [...t.main];
  main.splice(at.index, 1, first, second);
  return { ...t, main };
}

/** Seconds in a field ⇄ integer milliseconds in the timeline. */
export const toSeconds = (ms: number) => Math.round(ms) / 1000;
export const toMs = (seconds: number) => Math.max(0, Math.round(seconds * 1000));

/** What the server would refuse, per clip id: Out too close to In, Out past the media, a join too long. */
export interface TimelineIssues {
  tooShort: Set<string>;
  beyond: Set<string>;
  joinTooLong: Set<string>;
  titleTooShort: Set<string>;
  audioTooShort: Set<string>;
}

export function timelineIssues(t: Timeline, mediaLength: (mediaId: string) => number | null | undefined) {
  const issues: TimelineIssues = {
    tooShort: new Set(),
    beyond: new Set(),
    joinTooLong: new Set(),
    titleTooShort: new Set(),
    audioTooShort: new Set(),
  };
  t.main.forEach((c, i) => {
    if (c.outMs - c.inMs < MIN_CLIP_MS) issues.tooShort.add(c.id);
    const length = mediaLength(c.mediaId);
    if (length != null && c.outMs > length) issues.beyond.add(c.id);
    const next = t.main[i + 1];
    const join = joinMs(c);
    if (join > 0 && next && join >= Math.min(lengthOf(c), lengthOf(next))) issues.joinTooLong.add(c.id);
  });
  for (const o of t.overlays) if (o.durationMs < 100) issues.titleTooShort.add(o.id);
  for (const c of t.audio.flatMap((a) => a.clips)) if (c.durationMs < 100) issues.audioTooShort.add(c.id);
  return issues;
}

export const hasIssues = (issues: TimelineIssues) =>
  Object.values(issues).some((set: Set<string>) => set.size > 0);
