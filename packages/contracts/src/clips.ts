import { z } from 'zod';
import { dateTimeSchema, line, nameSchema } from './common';
import { jobSchema } from './jobs';
import { CLIP_MAX_SECONDS } from './limits';
import { type ClipInfo, clipInfoSchema, mediaSchema } from './medias';
import { latencySchema } from './outputs';
import { clipAccuracies, clipModes } from './values';

export { type ClipInfo, clipAccuracies, clipInfoSchema, clipModes };

/**
 * Clipping Tool (issue 14). A clip is a media of origin `clip` made by a job of type `clip`, from a live
 * player's DVR window (wall-clock ISO times, resolved against the playlist's program date-times) or from a
 * stored media (offsets in milliseconds). `fast` cuts on segment boundaries without re-encoding (ready in
 * seconds, up to one segment wider than asked); `exact` re-encodes to the asked frames; `both` (default)
 * publishes the fast file at once and replaces it with the exact one under the same media id.
 */
export const clipModeSchema = z.enum(clipModes);
export type ClipMode = z.infer<typeof clipModeSchema>;

const ms = () => z.number().int().min(0).max(1_000_000_000);

export const createClipBodySchema = z
  .object({
    /** A player with a DVR window (latency high or very high): give `from` and `to`, or `lastSeconds`. */
    outputId: z.uuid().optional(),
    /** A stored media (a recording, an upload, another clip): give `inMs` and `outMs`. */
    mediaId: z.uuid().optional(),
    from: dateTimeSchema.optional(),
    to: dateTimeSchema.optional(),
    /** The last N seconds up to now, while live. */
    lastSeconds: z.number().int().min(1).max(CLIP_MAX_SECONDS).optional(),
    inMs: ms().optional(),
    outMs: ms().optional(),
    name: nameSchema.optional(),
    mode: clipModeSchema.default('both'),
    /** The clip deletes itself at this time. */
    autoDeleteAt: dateTimeSchema.optional(),
  })
  .superRefine((b, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (!b.outputId === !b.mediaId) issue('outputId', 'Give either outputId or mediaId');
    if (b.outputId) {
      if (b.lastSeconds === undefined) {
        if (!b.from) issue('from', 'Required (or lastSeconds)');
        if (!b.to) issue('to', 'Required (or lastSeconds)');
      } else if (b.from || b.to) issue('lastSeconds', 'Give lastSeconds or from and to, not both');
      if (b.from && b.to) {
        const seconds = (Date.parse(b.to) - Date.parse(b.from)) / 1000;
        if (seconds <= 0) issue('to', 'Must be after from');
        else if (seconds > CLIP_MAX_SECONDS) issue('to', `At most ${CLIP_MAX_SECONDS} s after from`);
      }
    }
    if (b.mediaId) {
      if (b.inMs === undefined) issue('inMs', 'Required');
      if (b.outMs === undefined) issue('outMs', 'Required');
      if (b.inMs !== undefined && b.outMs !== undefined) {
        if (b.outMs <= b.inMs) issue('outMs', 'Must be after inMs');
        else if (b.outMs - b.inMs > CLIP_MAX_SECONDS * 1000)
          issue('outMs', `At most ${CLIP_MAX_SECONDS * 1000} ms after inMs`);
      }
    }
    if (b.autoDeleteAt && Date.parse(b.autoDeleteAt) <= Date.now())
      issue('autoDeleteAt', 'Must be in the future');
  });
export type CreateClipBody = z.infer<typeof createClipBodySchema>;

export const createClipResultSchema = z.object({ job: jobSchema, media: mediaSchema });
export type CreateClipResult = z.infer<typeof createClipResultSchema>;

/** The range a player's DVR holds now; a clip must lie inside it (its end may be up to 2 min ahead). */
export const dvrWindowSchema = z
  .object({
    /** The player is on air now (its window grows). */
    live: z.boolean(),
    latency: latencySchema,
    /** How far back the player keeps; null: this latency keeps no DVR, so nothing can be clipped. */
    dvrSeconds: z.number().int().nullable(),
    segmentSeconds: z.number(),
    windowStart: dateTimeSchema.nullable(),
    windowEnd: dateTimeSchema.nullable(),
    /**
     * Stretches of the window without recording (the stream was off), oldest first: nothing can be cut
     * there, and a range starting or ending in one is refused (CLIP_RANGE_UNAVAILABLE, detail `gap`).
     */
    gaps: z.array(z.object({ start: dateTimeSchema, end: dateTimeSchema })),
    /** The DVR playlist for the Clipping Tool's scrubber (carries a short-lived viewer token); null when empty. */
    hlsUrl: z.string().nullable(),
  })
  .meta({ id: 'DvrWindow' });
export type DvrWindow = z.infer<typeof dvrWindowSchema>;

/**
 * GET /v1/outputs/{id}/dvr/fast-cut (issue 33 item 10): the range of a player's DVR a clip would cover,
 * `from` and `to`, or `lastSeconds` as in a clip request. Which of them is required is checked after the
 * access check (a 400 naming the field), so a caller who may not read the player learns nothing else.
 */
export const dvrFastCutQuerySchema = z.object({
  from: dateTimeSchema.optional(),
  to: dateTimeSchema.optional(),
  lastSeconds: z.coerce.number().int().min(1).max(CLIP_MAX_SECONDS).optional(),
});
export type DvrFastCutQuery = z.infer<typeof dvrFastCutQuerySchema>;

/**
 * What the fast cut (mode `fast`, and the first file of `both`) of that range will really be: whole DVR
 * segments, from the start of the one holding the clip's start to the end of the one holding its end,
 * computed by the rule the clip job publishes with. `durationMs` is the file's length (segments on both
 * sides of a gap are joined, the gap left out). While the end is not streamed yet (`final` false) the
 * segments still to come are counted at the player's nominal segment length.
 */
export const dvrFastCutSchema = z
  .object({
    from: dateTimeSchema,
    to: dateTimeSchema,
    durationMs: z.number().int().min(0),
    final: z.boolean(),
  })
  .meta({ id: 'DvrFastCut' });
export type DvrFastCut = z.infer<typeof dvrFastCutSchema>;

export const markerSchema = z
  .object({
    id: z.uuid(),
    outputId: z.uuid(),
    at: dateTimeSchema,
    label: z.string(),
    createdBy: z.uuid().nullable(),
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'Marker' });
export type Marker = z.infer<typeof markerSchema>;

export const createMarkerBodySchema = z.object({
  /** Default: now. */
  at: dateTimeSchema.optional(),
  label: line().trim().max(120).default(''),
});
export type CreateMarkerBody = z.infer<typeof createMarkerBodySchema>;

export const markerParamsSchema = z.object({ id: z.uuid(), markerId: z.uuid() });
export const markerListSchema = z.object({ items: z.array(markerSchema) });
