// The "exact preview" of the Video Editor: the few seconds around the playhead, rendered by the same graph
// as the real render, from a timeline cut down to what those seconds need. Pure.
import type { DraftOutput, MainClip, Timeline } from '@stromwerk/contracts/drafts';
import { clipLength, draftDurationMs, mainStarts } from './draft-graph';

/** How long an exact preview is, and the longer side of its picture. */
export const PREVIEW_SPAN_MS = 4000;
export const PREVIEW_LONG_SIDE = 480;
const MIN_MS = 100;

export interface PreviewWindow {
  /** The cut-down timeline: only the clips, titles, images and sounds the window needs. */
  timeline: Timeline;
  /** Where the window starts in that timeline's output, and how long it is. */
  skipMs: number;
  lengthMs: number;
  /** Where the window starts and ends in the whole draft's output. */
  fromMs: number;
  toMs: number;
}

const joinMs = (c: MainClip | undefined) =>
  c?.transitionOut && c.transitionOut.type !== 'cut' ? c.transitionOut.durationMs : 0;

/**
 * The window of `spanMs` centred on `atMs` (kept inside the draft) and a timeline that renders it exactly:
 * the main clips it overlaps, plus the neighbour on the far side of a transition into or out of it (the
 * transition needs both pictures); the first clip's head and the last clip's tail cut off where no fade of
 * the clip or of a title, image or sound starting before the cut would change; titles, images and sounds
 * moved by the same amount, cut or dropped.
 */
export function previewWindow(t: Timeline, atMs: number, spanMs = PREVIEW_SPAN_MS): PreviewWindow {
  if (t.main.length === 0) throw new Error('the main track is empty');
  const total = draftDurationMs(t);
  const fromMs = Math.max(0, Math.min(Math.round(atMs) - spanMs / 2, total - spanMs));
  const toMs = Math.min(total, fromMs + spanMs);
  const starts = mainStarts(t);
  const hit = t.main.flatMap((c, i) => (starts[i]! < toMs && starts[i]! + clipLength(c) > fromMs ? [i] : []));
  let first = hit[0] ?? 0;
  let last = hit.at(-1) ?? t.main.length - 1;
  if (first > 0 && joinMs(t.main[first - 1]) > 0) first -= 1;
  if (last < t.main.length - 1 && joinMs(t.main[last]) > 0) last += 1;
  const main = t.main.slice(first, last + 1).map((c) => ({ ...c }));
  const lastClip = main.at(-1)!;
  if (last === t.main.length - 1 || !joinMs(lastClip)) delete lastClip.transitionOut;

  // The tail: what plays after the window is not needed (down to what the incoming transition needs).
  const tail = main.at(-1)!;
  const tailEnd = toMs - starts[last]!;
  const tailLength = clipLength(tail);
  const keep = Math.max(tailEnd, MIN_MS, tail.fadeInMs, main.length > 1 ? joinMs(main.at(-2)) : 0);
  if (keep < tailLength - tail.fadeOutMs) {
    tail.outMs = tail.inMs + keep;
    tail.fadeOutMs = 0;
  }

  // The head: cut what plays before the window, unless a fade running into the window would start anew.
  const head = main[0]!;
  const layers = [...t.overlays, ...t.audio.flatMap((a) => a.clips)];
  const start = starts[first]!;
  const headRoom = clipLength(head) - Math.max(MIN_MS, head.fadeOutMs, joinMs(head));
  let cut = Math.max(0, Math.min(fromMs - start, headRoom));
  for (let changed = true; changed; ) {
    changed = false;
    for (const l of layers) {
      const at = start + cut;
      if (l.atMs < at && l.atMs + l.durationMs > at && l.atMs + fadeInOf(l) > at) {
        cut = Math.max(0, l.atMs - start);
        changed = true;
      }
    }
  }
  if (cut > 0 && cut < head.fadeInMs) cut = 0;
  if (cut > 0) {
    head.inMs += cut;
    head.fadeInMs = 0;
  }
  const shift = start + cut;
  const cutLength = draftDurationMs({ ...t, main });
  const moved = <L extends { atMs: number; durationMs: number }>(l: L) => {
    const end = l.atMs + l.durationMs - shift;
    if (end <= 0 || l.atMs - shift >= cutLength) return null;
    const lost = Math.max(0, shift - l.atMs);
    return { ...l, atMs: Math.max(0, l.atMs - shift), durationMs: l.durationMs - lost, lost };
  };
  const overlays = t.overlays.flatMap((o) => {
    const m = moved(o);
    if (!m) return [];
    const { lost, ...rest } = m;
    return [o.type === 'image' && lost > 0 ? { ...rest, fadeInMs: 0 } : rest];
  });
  const audio = t.audio
    .map((track) => ({
      ...track,
      clips: track.clips.flatMap((c) => {
        const m = moved(c);
        if (!m) return [];
        const { lost, ...rest } = m;
        return [lost > 0 ? { ...rest, inMs: c.inMs + lost, fadeInMs: 0 } : rest];
      }),
    }))
    .filter((track) => track.clips.length > 0);
  return {
    timeline: { ...t, main, overlays, audio },
    skipMs: fromMs - shift,
    lengthMs: toMs - fromMs,
    fromMs,
    toMs,
  };
}

const fadeInOf = (l: object) => ('fadeInMs' in l && typeof l.fadeInMs === 'number' ? l.fadeInMs : 0);

/** The draft's output at preview size: the same shape, its longer side `PREVIEW_LONG_SIDE`, sides even. */
export function previewOutput(o: DraftOutput): DraftOutput {
  const [w, h] = o.size.split('x').map(Number) as [number, number];
  const k = PREVIEW_LONG_SIDE / Math.max(w, h);
  const even = (n: number) => Math.max(2, Math.round((n * k) / 2) * 2);
  return { ...o, size: `${even(w)}x${even(h)}` as DraftOutput['size'], renderMode: 'reencode' };
}
