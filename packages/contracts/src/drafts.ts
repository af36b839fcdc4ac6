import { z } from 'zod';
import { dateTimeSchema, line, nameSchema, pageQuerySchema } from './common';

/**
 * Video Editor drafts (issue 15): a timeline of clips, overlays and audio, rendered by a job into a new
 * media. Times are integer milliseconds; the renderer snaps them to output frames. Main-track clips have no
 * position: they play in order, and a transition overlaps its two neighbours (it adds no time), as in
 * OpenTimelineIO. Overlay and audio clips carry `atMs` on the output timeline.
 */
export const transitionTypes = [
  'cut',
  'fade',
  'fadeblack',
  'dissolve',
  'wipeleft',
  'wiperight',
  'slideleft',
  'slideright',
] as const;
export const DRAFT_SIZES = ['1920x1080', '1280x720', '1080x1920', '1080x1080'] as const;
export const DRAFT_FPS = [25, 30, 50] as const;
export const LOUDNESS_TARGETS = [-14, -16, -23] as const;
export const DRAFT_MAIN_CLIPS_MAX = 200;
export const DRAFT_OVERLAYS_MAX = 50;
export const DRAFT_AUDIO_TRACKS_MAX = 4;
export const TRANSITION_MS = { min: 200, max: 3000 } as const;

const clipId = () => z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'letters, digits, _ and - (1 to 40)');
const ms = () =>
  z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000);
const fadeMs = () => z.number().int().min(0).max(10_000).default(0);
const unit = () => z.number().min(0).max(1);

export const transitionSchema = z.object({
  type: z.enum(transitionTypes),
  durationMs: z.number().int().min(TRANSITION_MS.min).max(TRANSITION_MS.max),
});
export type Transition = z.infer<typeof transitionSchema>;

export const mainClipSchema = z.object({
  id: clipId(),
  mediaId: z.uuid(),
  inMs: ms(),
  outMs: ms(),
  /** Linear gain of the clip's own sound: 0 silent, 1 unchanged, up to 4. */
  volume: z.number().min(0).max(4).default(1),
  muted: z.boolean().default(false),
  fadeInMs: fadeMs(),
  fadeOutMs: fadeMs(),
  /** The join to the next clip; none or `cut` is a hard cut. */
  transitionOut: transitionSchema.optional(),
});
export type MainClip = z.infer<typeof mainClipSchema>;

const placed = {
  id: clipId(),
  atMs: ms(),
  durationMs: z
    .number()
    .int()
    .min(100)
    .max(24 * 3600 * 1000),
};
export const overlayClipSchema = z.discriminatedUnion('type', [
  z.object({
    ...placed,
    type: z.literal('image'),
    mediaId: z.uuid(),
    /** Left, top and width as fractions of the output; the height follows the image. */
    x: unit(),
    y: unit(),
    w: z.number().min(0.01).max(1),
    opacity: unit().default(1),
    fadeInMs: fadeMs(),
    fadeOutMs: fadeMs(),
  }),
  z.object({
    ...placed,
    type: z.literal('text'),
    text: line().trim().min(1).max(200),
    preset: z.enum(['title', 'lower-third']).default('lower-third'),
  }),
]);
export type OverlayClip = z.infer<typeof overlayClipSchema>;

export const audioClipSchema = z.object({
  ...placed,
  mediaId: z.uuid(),
  inMs: ms(),
  volumeDb: z.number().min(-60).max(12).default(0),
  fadeInMs: fadeMs(),
  fadeOutMs: fadeMs(),
});
export type AudioClip = z.infer<typeof audioClipSchema>;

export const timelineSchema = z
  .object({
    version: z.literal(1).default(1),
    main: z.array(mainClipSchema).max(DRAFT_MAIN_CLIPS_MAX).default([]),
    overlays: z.array(overlayClipSchema).max(DRAFT_OVERLAYS_MAX).default([]),
    audio: z
      .array(z.object({ id: clipId(), clips: z.array(audioClipSchema).max(100) }))
      .max(DRAFT_AUDIO_TRACKS_MAX)
      .default([]),
  })
  .superRefine((t, ctx) => {
    t.main.forEach((c, i) => {
      const at = (field: string, message: string) =>
        ctx.addIssue({ code: 'custom', path: ['main', i, field], message });
      const length = c.outMs - c.inMs;
      if (length < 100) at('outMs', 'Must be at least 100 ms after inMs');
      const join = c.transitionOut;
      const next = t.main[i + 1];
      if (join && join.type !== 'cut') {
        if (!next) at('transitionOut', 'The last clip has no join');
        else if (join.durationMs >= Math.min(length, next.outMs - next.inMs))
          at('transitionOut', 'Must be shorter than both clips it joins');
      }
    });
  });
export type Timeline = z.infer<typeof timelineSchema>;

export const draftOutputSchema = z.object({
  size: z.enum(DRAFT_SIZES).default('1280x720'),
  fps: z.union(DRAFT_FPS.map((f) => z.literal(f))).default(30),
  /** contain: the whole picture, padded with `background`; cover: filled, cropped. */
  fit: z.enum(['contain', 'cover']).default('contain'),
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour like #000000')
    .default('#000000'),
  /** Integrated loudness to normalise to (LUFS); null: off. */
  loudnessLufs: z
    .union(LOUDNESS_TARGETS.map((l) => z.literal(l)))
    .nullable()
    .default(null),
  /** auto: a stream copy when the draft is only cuts of matching clips, else a re-encode. */
  renderMode: z.enum(['auto', 'copy', 'reencode']).default('auto'),
});
export type DraftOutput = z.infer<typeof draftOutputSchema>;

export const draftStatuses = ['editing', 'rendering', 'rendered', 'failed', 'broken'] as const;

/** Something in the timeline that would fail a render: a clip's media is gone, not ready, or too short. */
export const draftProblemSchema = z.object({
  clipId: z.string(),
  mediaId: z.uuid(),
  message: z.string(),
});
export type DraftProblem = z.infer<typeof draftProblemSchema>;

export const draftSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    /** broken: `problems` names the clips whose media is missing; rendering/rendered/failed: the last render. */
    status: z.enum(draftStatuses),
    /** Bumped by every save; a save must name the revision it started from (409 DRAFT_CONFLICT otherwise). */
    revision: z.number().int(),
    timeline: timelineSchema,
    output: draftOutputSchema,
    durationMs: z.number().int(),
    problems: z.array(draftProblemSchema),
    /** Could this draft render as a stream copy, and if not, why (overlays, transitions, ...). */
    lossless: z.boolean(),
    copyBlockers: z.array(z.string()),
    lastRender: z
      .object({
        jobId: z.uuid(),
        mediaId: z.uuid().nullable(),
        revision: z.number().int(),
        renderedAt: dateTimeSchema.nullable(),
      })
      .nullable(),
    createdBy: z.uuid().nullable(),
    updatedBy: z.uuid().nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Draft' });
export type Draft = z.infer<typeof draftSchema>;

export const createDraftBodySchema = z.object({
  workspaceId: z.uuid(),
  name: nameSchema,
  timeline: timelineSchema.optional(),
  output: draftOutputSchema.optional(),
  /** A main track of these whole media, in this order (the library's "New draft from selection"). */
  fromMediaIds: z.array(z.uuid()).max(DRAFT_MAIN_CLIPS_MAX).optional(),
});
export type CreateDraftBody = z.infer<typeof createDraftBodySchema>;

export const updateDraftBodySchema = z.object({
  revision: z.number().int().min(0),
  name: nameSchema.optional(),
  timeline: timelineSchema.optional(),
  output: draftOutputSchema.optional(),
});
export type UpdateDraftBody = z.infer<typeof updateDraftBodySchema>;

/** The editor's state as it is on screen (saved or not) and the playhead to preview around. */
export const previewDraftBodySchema = z.object({
  atMs: z
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000),
  timeline: timelineSchema,
  output: draftOutputSchema,
});
export type PreviewDraftBody = z.infer<typeof previewDraftBodySchema>;

export const draftListQuerySchema = pageQuerySchema.extend({ workspaceId: z.uuid().optional() });
export type DraftListQuery = z.infer<typeof draftListQuerySchema>;
