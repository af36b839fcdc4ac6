/**
 * Which DVR segments a clip needs, as a pure rule (issue 14): the range in wall-clock ms against the
 * playlist's program date-times, refused when it lies outside the window, waited for when its end is at
 * most `waitMaxMs` ahead of a live stream, too early when further.
 */
import {
  coveringSegments,
  fastCutOf,
  gapsOf,
  type PlaylistSegment,
  type Window,
  windowOf,
} from '@stromwerk/media/hls-playlist';
import { AppError } from '../../lib/app-error';

export interface DvrClipAsk {
  segments: readonly PlaylistSegment[];
  /** The player is on air: its playlist still grows. */
  live: boolean;
  nowMs: number;
  waitMaxMs: number;
  fromMs?: number;
  toMs?: number;
  /** The last N seconds the window holds. */
  lastSeconds?: number;
}

export type DvrClipPlan =
  | {
      ok: true;
      fromMs: number;
      toMs: number;
      /** The segments written so far that the range needs (secured at once). */
      segments: PlaylistSegment[];
      /** The end is not written yet: the job waits for the segments up to it. */
      waits: boolean;
    }
  | {
      ok: false;
      code: 'CLIP_RANGE_UNAVAILABLE' | 'CLIP_TOO_EARLY';
      field: 'from' | 'to' | 'lastSeconds';
      message: string;
      window: Window | null;
      /** The stretch without recording the range starts or ends in (issue 33 item 8). */
      gap?: Window;
    };

const isoOf = (ms: number) => new Date(ms).toISOString();
export const describeWindow = (w: Window) => `${isoOf(w.startMs)} to ${isoOf(w.endMs)}`;

export function planDvrClip(ask: DvrClipAsk): DvrClipPlan {
  const window = windowOf(ask.segments);
  const refuse = (field: 'from' | 'to' | 'lastSeconds', message: string, gap?: Window): DvrClipPlan => ({
    ok: false,
    code: 'CLIP_RANGE_UNAVAILABLE',
    field,
    message,
    window,
    ...(gap ? { gap } : {}),
  });
  if (!window) return refuse('from', 'The player’s DVR holds nothing yet');
  const available = `the DVR holds ${describeWindow(window)}`;
  let fromMs: number;
  let toMs: number;
  if (ask.lastSeconds !== undefined) {
    toMs = window.endMs;
    fromMs = toMs - ask.lastSeconds * 1000;
    if (fromMs < window.startMs) return refuse('lastSeconds', `Longer than ${available}`);
  } else {
    fromMs = ask.fromMs ?? Number.NaN;
    toMs = ask.toMs ?? Number.NaN;
    if (!(fromMs < toMs)) return refuse('to', 'The end must come after the start');
    if (fromMs < window.startMs) return refuse('from', `Before the DVR window: ${available}`);
    // A stretch the stream was off holds nothing to cut: a range starting or ending in one is refused,
    // naming the stretch (a range across one is a clip with a jump, and allowed).
    const gaps = gapsOf(ask.segments);
    const startsIn = gaps.find((g) => fromMs >= g.startMs && fromMs < g.endMs);
    const endsIn = gaps.find((g) => toMs > g.startMs && toMs <= g.endMs);
    const gap = startsIn ?? endsIn;
    if (gap) {
      const inside = startsIn && startsIn === endsIn;
      const field = startsIn ? 'from' : 'to';
      const what = inside
        ? 'The range lies inside'
        : field === 'from'
          ? 'The start lies in'
          : 'The end lies in';
      return refuse(field, `${what} a gap: the stream was off from ${describeWindow(gap)}`, gap);
    }
    if (toMs > window.endMs) {
      if (!ask.live) return refuse('to', `After the end of the recording: ${available}`);
      if (toMs > ask.nowMs + ask.waitMaxMs)
        return {
          ok: false,
          code: 'CLIP_TOO_EARLY',
          field: 'to',
          message: `The end lies more than ${Math.round(ask.waitMaxMs / 1000)} s ahead; ask again once it has passed (${available})`,
          window,
        };
    }
  }
  return {
    ok: true,
    fromMs,
    toMs,
    segments: coveringSegments(ask.segments, fromMs, toMs),
    waits: toMs > window.endMs,
  };
}

export interface FastCutPrediction {
  startMs: number;
  endMs: number;
  durationMs: number;
  /** False while the range's end is not written: the rest is counted in segments of the nominal length. */
  final: boolean;
}

/**
 * The range the fast cut of a planned clip will cover (issue 33 item 10), by the rule the clip job
 * publishes (`fastCutOf`: the covering segments' first start to last end). Segments not written yet (a
 * live end up to 2 min ahead) are assumed to be `segmentMs` long, continuing from the window's end; the
 * packager cuts on keyframes, so that part may come out a little different.
 */
export function predictFastCut(
  plan: Extract<DvrClipPlan, { ok: true }>,
  windowEndMs: number,
  segmentMs: number,
): FastCutPrediction {
  const written = fastCutOf(plan.segments);
  if (!plan.waits && written) return { ...written, final: true };
  const after = (ms: number) => windowEndMs + Math.max(0, ms - windowEndMs);
  const firstAhead = windowEndMs + Math.floor((after(plan.fromMs) - windowEndMs) / segmentMs) * segmentMs;
  const endMs = windowEndMs + Math.ceil((after(plan.toMs) - windowEndMs) / segmentMs) * segmentMs;
  const startMs = written?.startMs ?? firstAhead;
  return {
    startMs,
    endMs,
    durationMs: (written?.durationMs ?? 0) + endMs - (written ? windowEndMs : startMs),
    final: false,
  };
}

/** A refused plan as the API answers it: the field, the window and the gap it starts or ends in. */
export function refusal(plan: Extract<DvrClipPlan, { ok: false }>) {
  return new AppError(plan.code, plan.message, [
    { field: plan.field, message: plan.message },
    ...(plan.window
      ? [{ field: 'window', message: `${isoOf(plan.window.startMs)}/${isoOf(plan.window.endMs)}` }]
      : []),
    ...(plan.gap ? [{ field: 'gap', message: `${isoOf(plan.gap.startMs)}/${isoOf(plan.gap.endMs)}` }] : []),
  ]);
}
