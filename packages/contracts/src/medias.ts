import { z } from 'zod';
import { dateTimeSchema, nameSchema, pageQuerySchema, queryBooleanSchema } from './common';
import { streamInfoSchema } from './stream-info';
import { clipAccuracies, mediaFileKinds, mediaOrigins, mediaSortFields, mediaStatuses } from './values';

export { mediaFileKinds, mediaOrigins, mediaSortFields, mediaStatuses };

/** Where a media came from; the library filters by it and `GET /v1/medias/by-origin/{origin}` looks it up. */
export const mediaOriginSchema = z.enum(mediaOrigins);
export type MediaOrigin = z.infer<typeof mediaOriginSchema>;

/** processing: thumbnails are being made; ready: playable; failed: see `error`. */
export const mediaStatusSchema = z.enum(mediaStatuses);
export type MediaStatus = z.infer<typeof mediaStatusSchema>;

export const mediaFileKindSchema = z.enum(mediaFileKinds);
export type MediaFileKind = z.infer<typeof mediaFileKindSchema>;

export const mediaFileSchema = z.object({
  kind: mediaFileKindSchema,
  bucketRef: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
});

/** Signed, short-lived addresses a browser can put in <video>/<img> without an Authorization header. */
export const mediaLinksSchema = z.object({
  original: z.string().nullable(),
  download: z.string().nullable(),
  thumbnail: z.string().nullable(),
  /** A strip of 10 frames side by side, for the hover preview. */
  preview: z.string().nullable(),
  /** The sound drawn over the whole length (PNG, x is time), for the editor's timeline. */
  waveform: z.string().nullable(),
});

/** What a clip media was cut from; `accuracy` says whether the file is the fast or the exact cut. */
export const clipInfoSchema = z.object({
  sourceKind: z.enum(['output', 'media']),
  sourceId: z.uuid(),
  from: dateTimeSchema.nullable(),
  to: dateTimeSchema.nullable(),
  inMs: z.number().int().nullable(),
  outMs: z.number().int().nullable(),
  accuracy: z.enum(clipAccuracies),
});
export type ClipInfo = z.infer<typeof clipInfoSchema>;

export const mediaSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    origin: mediaOriginSchema,
    /** The media, source or output this one was made from (copy, render, clip, recording). */
    originId: z.uuid().nullable(),
    status: mediaStatusSchema,
    error: z.string().nullable(),
    sizeBytes: z.number().int(),
    durationMs: z.number().int().nullable(),
    info: streamInfoSchema.nullable(),
    files: z.array(mediaFileSchema),
    links: mediaLinksSchema,
    /** Set on clips (origin `clip`): what it was cut from, and whether the fast or the exact cut is here. */
    clip: clipInfoSchema.nullable(),
    /** The media deletes itself at this time (clips may ask for it). */
    autoDeleteAt: dateTimeSchema.nullable(),
    uploadedAt: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Media' });
export type Media = z.infer<typeof mediaSchema>;

export const mediaListQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  origin: mediaOriginSchema.optional(),
  status: mediaStatusSchema.optional(),
  sort: z.enum(mediaSortFields).default('createdAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type MediaListQuery = z.infer<typeof mediaListQuerySchema>;

export const updateMediaBodySchema = z.object({ name: nameSchema });
export type UpdateMediaBody = z.infer<typeof updateMediaBodySchema>;

export const copyMediaQuerySchema = z.object({
  /** Another workspace of the same corporation; default the media's own. */
  workspaceId: z.uuid().optional(),
  name: nameSchema.optional(),
});
export type CopyMediaQuery = z.infer<typeof copyMediaQuerySchema>;

export const uploadMediaQuerySchema = z.object({ workspaceId: z.uuid() });

/**
 * `POST /v1/medias` (issue 33): a media before its file, for an API client that uploads later. It is
 * `waiting` until `POST /v1/medias/{id}/upload` brings its one file (then processed as any upload).
 */
export const createMediaBodySchema = z.strictObject({ workspaceId: z.uuid(), name: nameSchema });
export type CreateMediaBody = z.infer<typeof createMediaBodySchema>;
export const byOriginParamsSchema = z.object({ origin: mediaOriginSchema });
export const byOriginQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  originId: z.uuid().optional(),
});
export type ByOriginQuery = z.infer<typeof byOriginQuerySchema>;

export const mediaFileParamsSchema = z.object({ id: z.uuid(), kind: mediaFileKindSchema });
export const mediaFileQuerySchema = z.object({
  exp: z.coerce.number().int(),
  sig: z.string().min(10).max(200),
  download: queryBooleanSchema.optional(),
});

export const uploadResultSchema = z.object({ items: z.array(mediaSchema) });

/** A day of picture with a keyframe every second; a media with more is listed up to here. */
export const KEYFRAMES_MAX = 86_400;

/**
 * Where the picture has keyframes (issue 33 item 10): a lossless cut starts on the last one at or before
 * its In (`keyframeAtOrBefore` in `keyframes.ts`), so the Video Editor shows the range it will render.
 */
export const mediaKeyframesSchema = z
  .object({
    mediaId: z.uuid(),
    /** Presentation times in ms (rounded up), ascending; empty for a media without picture. */
    keyframesMs: z.array(z.number().int().min(0)).max(KEYFRAMES_MAX),
  })
  .meta({ id: 'MediaKeyframes' });
export type MediaKeyframes = z.infer<typeof mediaKeyframesSchema>;
