import { z } from 'zod';
import { bulkIdsBodySchema, dateTimeSchema, line, nameSchema, pageQuerySchema, updateBodyOf } from './common';
import {
  OUTPUT_PASSWORD_MAX_LENGTH,
  OUTPUT_PASSWORDS_MAX,
  RETENTION_HOURS,
  VIEWER_LIMIT_MAX,
  WHITELIST_MAX,
} from './limits';
import { behaviours, directions, ladderRungs, latencies, moderationLevels, programInputs } from './values';

export { behaviours, ladderRungs, latencies, moderationLevels, programInputs };

/** Spec section 4: auto (player chooses), live (switches to live as soon as available), media (only the media). */
export const behaviourSchema = z.enum(behaviours);
export const latencySchema = z.enum(latencies);
export type Latency = z.infer<typeof latencySchema>;
/**
 * The quality ladder: empty is "source only" (the encoder's stream to every viewer); otherwise the rungs
 * the program offers, each once (the order does not matter, the writer sorts them by height).
 */
export const ladderSchema = z
  .array(z.enum(ladderRungs))
  .max(ladderRungs.length)
  .refine((l) => new Set(l).size === l.length, 'Each rung once');
/** Spec section 9 retention choices in hours; 0 is never. */
export const retentionSchema = z.literal([...RETENTION_HOURS]);
/** none: comments appear at once; approval: after a moderator approves; closed: read only. */
export const moderationSchema = z.enum(moderationLevels);

/** What the program shows right now: offline (nothing), main/backup ingest, the fallback media, or the VOD. */
export const programInputSchema = z.enum(programInputs);
export type ProgramInput = z.infer<typeof programInputSchema>;

const domainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\*\.)?([a-z0-9-]+\.)*[a-z0-9-]+(:\d{1,5})?$/, 'Not a domain like example.com or *.example.com');

export const outputSettingsSchema = z.object({
  mainSourceId: z.uuid().nullable().default(null),
  backupSourceId: z.uuid().nullable().default(null),
  fallbackMediaId: z.uuid().nullable().default(null),
  behaviour: behaviourSchema.default('auto'),
  latency: latencySchema.default('normal'),
  ladder: ladderSchema.default([]),
  direction: z.enum(directions).default('landscape'),
  recording: z.boolean().default(false),
  vodAfterStream: z.boolean().default(false),
  overlay: z
    .object({
      mediaId: z.uuid(),
      x: z.number().min(0).max(100),
      y: z.number().min(0).max(100),
      width: z.number().min(1).max(100),
      height: z.number().min(1).max(100),
    })
    .nullable()
    .default(null),
  background: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'A colour like #101820')
    .default('#000000'),
  commentsEnabled: z.boolean().default(false),
  commentExpirationHours: retentionSchema.default(0),
  moderation: moderationSchema.default('approval'),
  viewerLimitEnabled: z.boolean().default(false),
  viewerLimit: z.number().int().min(1).max(VIEWER_LIMIT_MAX).default(100),
  whitelist: z.array(domainSchema).max(WHITELIST_MAX).default([]),
});
export type OutputSettings = z.infer<typeof outputSettingsSchema>;

export const outputSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    ...outputSettingsSchema.shape,
    /** Number of passwords set; the passwords themselves come from GET /v1/outputs/{id}/passwords. */
    passwordCount: z.number().int(),
    input: programInputSchema,
    /** The public player page and its embed code. */
    playerUrl: z.string(),
    embedCode: z.string(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Output' });
export type Output = z.infer<typeof outputSchema>;

const passwordsSchema = z
  .array(line().trim().min(1).max(OUTPUT_PASSWORD_MAX_LENGTH))
  .max(OUTPUT_PASSWORDS_MAX);
export const createOutputBodySchema = outputSettingsSchema.extend({
  workspaceId: z.uuid(),
  name: nameSchema,
  /** One per line in the form. */
  passwords: passwordsSchema.default([]),
});
export type CreateOutputBody = z.infer<typeof createOutputBodySchema>;
export const updateOutputBodySchema = updateBodyOf(createOutputBodySchema.omit({ workspaceId: true }));
export type UpdateOutputBody = z.infer<typeof updateOutputBodySchema>;
/**
 * The players list's "Edit selected" (issue 11): the settings named in `changes` go to every id (1 to
 * BULK_MAX), merged into each player's own settings as `update` merges them, all or nothing. Names and
 * passwords stay each player's own, so they are not accepted here.
 */
export const bulkUpdateOutputsBodySchema = bulkIdsBodySchema.extend({
  changes: z
    .strictObject(updateBodyOf(outputSettingsSchema).shape)
    .refine((changes) => Object.keys(changes).length > 0, 'Name at least one setting to change'),
});
export type BulkUpdateOutputsBody = z.infer<typeof bulkUpdateOutputsBodySchema>;
export const outputListQuerySchema = pageQuerySchema.extend({ workspaceId: z.uuid().optional() });
export type OutputListQuery = z.infer<typeof outputListQuerySchema>;

export const outputPasswordsSchema = z.object({ passwords: z.array(z.string()) });
export const outputStatisticsSchema = z
  .object({
    currentViewers: z.number().int(),
    peakViewers: z.number().int(),
    views: z.number().int(),
    watchSeconds: z.number().int(),
  })
  .meta({ id: 'OutputStatistics' });
export type OutputStatistics = z.infer<typeof outputStatisticsSchema>;

// --- the public player ---

export const playSessionBodySchema = z.object({
  password: z.string().max(200).optional(),
  /** Origin of the page that embeds the player (document.referrer), checked against the whitelist. */
  embedOrigin: line().max(300).optional(),
});
export const playSessionSchema = z.object({
  token: z.string(),
  name: z.string(),
  input: programInputSchema,
  /** Relative HLS address carrying the viewer token; null while offline. */
  hlsUrl: z.string().nullable(),
  latency: latencySchema,
  background: z.string(),
  direction: z.enum(directions),
  overlay: z
    .object({ url: z.string(), x: z.number(), y: z.number(), width: z.number(), height: z.number() })
    .nullable(),
  commentsEnabled: z.boolean(),
  moderation: moderationSchema,
  /** The recording's length in seconds while the program is the VOD of the last stream, else null. */
  vodSeconds: z.number().nullable(),
  /** Viewers watching now (this one included), for the LIVE badge. */
  viewers: z.number().int(),
});
export type PlaySession = z.infer<typeof playSessionSchema>;
export const playParamsSchema = z.object({ id: z.uuid() });
export const playTokenQuerySchema = z.object({ t: z.string().min(10).max(500) });
/** A WHEP offer's size limit: a browser's recvonly offer of two m-lines is 3-6 kB. */
export const WHEP_OFFER_MAX_BYTES = 32 * 1024;
/** The WHEP offer (RFC 9725): SDP text of a recvonly offer with H.264 (and Opus). */
export const whepOfferSchema = z
  .string()
  .max(WHEP_OFFER_MAX_BYTES)
  .regex(/^v=0\r?\n/, 'Not an SDP offer');
export const whepResourceParamsSchema = z.object({ id: z.uuid(), resource: z.uuid() });
/**
 * The HLS delivery directives (RFC 8216bis 6.2.5): a blocking playlist reload answered once segment
 * `_HLS_msn` (and part `_HLS_part` of it) is in the playlist, in low latency; a delta update
 * (`_HLS_skip`) of a live DVR playlist that offers CAN-SKIP-UNTIL. A playlist that supports neither
 * ignores them.
 */
const hlsDirectives = {
  _HLS_msn: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  _HLS_part: z.coerce.number().int().min(0).max(10_000).optional(),
  _HLS_skip: z.enum(['YES', 'v2']).optional(),
};
// RFC 8216bis 6.2.5.2: a part without its segment is a bad request (400), not a plain playlist.
const partNeedsMsn = (q: { _HLS_part?: number; _HLS_msn?: number }) =>
  q._HLS_part === undefined || q._HLS_msn !== undefined;
const partAlone = { path: ['_HLS_part'], message: 'Needs _HLS_msn' };
export const playPlaylistQuerySchema = playTokenQuerySchema
  .extend(hlsDirectives)
  .refine(partNeedsMsn, partAlone);
/** The playlist under its signed path prefix: the token is in the path, the query holds only directives. */
export const playDirectivesQuerySchema = z.object(hlsDirectives).refine(partNeedsMsn, partAlone);
/** A viewer token as a path segment (`/play/<id>/t/<token>/`): a JWT's characters only. */
export const playSignedParamsSchema = playParamsSchema.extend({
  token: z.string().regex(/^[\w.-]{10,500}$/, 'Not a viewer token'),
});
/** A lower rung's folder of a player with a quality ladder: `r1` to `r9`, nothing else (no traversal). */
export const PLAY_RUNG = /^r[1-9]$/;
export const playRungParamsSchema = playSignedParamsSchema.extend({
  rung: z.string().regex(PLAY_RUNG, 'Not a rung'),
});
export type PlayPlaylistQuery = z.infer<typeof playPlaylistQuerySchema>;
/** Program files: MPEG-TS segments (seg_, vod_), or low latency's init segments, parts and fMP4 segments. */
export const PLAY_FILE = /^((seg|vod)_\d+\.ts|init_\d+\.mp4|seg_\d+\.m4s|part_\d+_\d+\.m4s)$/;
