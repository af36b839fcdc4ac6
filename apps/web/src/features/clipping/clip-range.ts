import type { CreateClipBody } from '@stromwerk/contracts/clips';

/**
 * The Clipping Tool's one time axis. A player's DVR window is measured in wall-clock epoch
 * milliseconds (the playlist's program date-times, read through hls.js `playingDate`); a media in
 * milliseconds from its start. In, Out, markers and the playhead all live on that axis, so keys,
 * timeline and the request body share one arithmetic.
 */
export type ClipSource =
  | { kind: 'output'; id: string; name: string; live: boolean; segmentSeconds: number }
  | { kind: 'media'; id: string; name: string; durationMs: number };

/** ←/→ step one frame at 30 frames per second. */
export const FRAME_MS = 1000 / 30;
/** Shift+←/→ steps one segment: the DVR's segment length, 2 s in a media. */
export const MEDIA_STEP_MS = 2000;
/** The quick "last N seconds" choices while a player is live. */
export const QUICK_SECONDS = [30, 60, 120] as const;

export interface ClipRange {
  inAt: number | null;
  outAt: number | null;
  /** A quick choice: the last N seconds up to the moment of the request (the server takes "now"). */
  lastSeconds: number | null;
}

export const emptyRange: ClipRange = { inAt: null, outAt: null, lastSeconds: null };

export const stepMs = (source: ClipSource, segment: boolean) =>
  segment ? (source.kind === 'output' ? source.segmentSeconds * 1000 : MEDIA_STEP_MS) : FRAME_MS;

/** In and Out set at once in the wrong order swap, so the range stays a range. */
export function setIn(range: ClipRange, at: number): ClipRange {
  if (range.outAt !== null && at >= range.outAt) return { inAt: at, outAt: null, lastSeconds: null };
  return { inAt: at, outAt: range.outAt, lastSeconds: null };
}

export function setOut(range: ClipRange, at: number): ClipRange {
  if (range.inAt !== null && at <= range.inAt) return { inAt: null, outAt: at, lastSeconds: null };
  return { inAt: range.inAt, outAt: at, lastSeconds: null };
}

export const quickRange = (seconds: number, now: number): ClipRange => ({
  inAt: now - seconds * 1000,
  outAt: now,
  lastSeconds: seconds,
});

/** The range's length in ms, or null while one end is missing. */
export function durationOf(range: ClipRange): number | null {
  if (range.lastSeconds !== null) return range.lastSeconds * 1000;
  if (range.inAt === null || range.outAt === null) return null;
  return range.outAt - range.inAt;
}

export interface ClipOptions {
  name: string;
  mode: CreateClipBody['mode'];
  autoDeleteAt: string | null;
}

/** The POST /v1/clips body: ISO wall-clock times or `lastSeconds` for a player, offsets for a media. */
export function clipBody(source: ClipSource, range: ClipRange, options: ClipOptions): CreateClipBody {
  const common = {
    mode: options.mode,
    ...(options.name.trim() ? { name: options.name.trim() } : {}),
    ...(options.autoDeleteAt ? { autoDeleteAt: options.autoDeleteAt } : {}),
  };
  if (source.kind === 'media') {
    return {
      mediaId: source.id,
      ...(range.inAt !== null ? { inMs: Math.max(0, Math.round(range.inAt)) } : {}),
      ...(range.outAt !== null ? { outMs: Math.max(0, Math.round(range.outAt)) } : {}),
      ...common,
    };
  }
  if (range.lastSeconds !== null) return { outputId: source.id, lastSeconds: range.lastSeconds, ...common };
  return {
    outputId: source.id,
    ...(range.inAt !== null ? { from: new Date(Math.round(range.inAt)).toISOString() } : {}),
    ...(range.outAt !== null ? { to: new Date(Math.round(range.outAt)).toISOString() } : {}),
    ...common,
  };
}

/** A media offset with tenths: "1:02.3", "1:02:03.4". */
export function formatOffset(ms: number): string {
  const tenths = Math.max(0, Math.round(ms / 100));
  const total = Math.floor(tenths / 10);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = `${String(total % 60).padStart(2, '0')}.${tenths % 10}`;
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** A length in seconds with one decimal in the given locale: "14.4 s" / "14,4 s". */
export function formatSeconds(ms: number, locale: string): string {
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: 'second',
    unitDisplay: 'short',
    maximumFractionDigits: 1,
    minimumFractionDigits: ms < 60_000 ? 1 : 0,
  }).format(ms / 1000);
}

/** Keys the editor answers; none of them while the user types or works a list, menu, picker or dialog. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return (
    target.closest(
      '[role="combobox"],[role="listbox"],[role="slider"],[role="menu"],[role="tablist"],[role="radiogroup"],[role="grid"],[role="dialog"]',
    ) !== null
  );
}

/**
 * The window a CLIP_RANGE_UNAVAILABLE answer names (its detail `window`: "start/end", ISO times for a
 * player, milliseconds for a media), else the window the editor knows.
 */
export function availableWindow(
  error: { details?: { field: string; message: string }[] },
  known: { start: number; end: number } | null,
): { start: number; end: number } | null {
  const text = error.details?.find((d) => d.field === 'window')?.message;
  const [start, end] = (text?.split('/') ?? []).map((part) => {
    const number = Number(part);
    return part !== '' && Number.isFinite(number) ? number : Date.parse(part);
  });
  if (start !== undefined && end !== undefined && !Number.isNaN(start) && !Number.isNaN(end))
    return { start, end };
  return known;
}

/** A stretch of a DVR window without recording (the stream was off), on the editor's axis. */
export interface Gap {
  start: number;
  end: number;
}

/**
 * The gap a range's In or Out falls in, as the server judges it (issue 33): In inside [start, end),
 * Out inside (start, end]. A range across a gap is a clip with a jump and allowed.
 */
export function gapOf(range: ClipRange, gaps: readonly Gap[]): { field: 'in' | 'out'; gap: Gap } | null {
  if (range.lastSeconds !== null) return null;
  const { inAt, outAt } = range;
  const atIn = inAt === null ? undefined : gaps.find((g) => inAt >= g.start && inAt < g.end);
  if (atIn) return { field: 'in', gap: atIn };
  const atOut = outAt === null ? undefined : gaps.find((g) => outAt > g.start && outAt <= g.end);
  return atOut ? { field: 'out', gap: atOut } : null;
}

/** The gap a CLIP_RANGE_UNAVAILABLE answer names (its detail `gap`: "start/end", ISO times). */
export function gapOfError(error: { details?: { field: string; message: string }[] }): Gap | null {
  const text = error.details?.find((d) => d.field === 'gap')?.message;
  const [start, end] = (text?.split('/') ?? []).map((part) => Date.parse(part));
  return start !== undefined && end !== undefined && !Number.isNaN(start) && !Number.isNaN(end)
    ? { start, end }
    : null;
}
