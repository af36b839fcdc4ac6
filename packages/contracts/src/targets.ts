import { z } from 'zod';
import {
  dateTimeSchema,
  failureCauseSchema,
  line,
  nameSchema,
  pageQuerySchema,
  updateBodyOf,
} from './common';
import { PLATFORM_TARGET_TYPES, type PlatformTargetType, TARGET_TYPES } from './limits';
import { targetStates } from './values';

export { targetStates };

export const targetTypeSchema = z.enum(TARGET_TYPES);
export type TargetType = z.infer<typeof targetTypeSchema>;
/** Spec section 4: offline, almost online (connecting or retrying), online, not connected (failed). */
export const targetStateSchema = z.enum(targetStates);
export type TargetState = z.infer<typeof targetStateSchema>;

const hostSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(253)
  .regex(/^[a-zA-Z0-9.:[\]-]+$/, 'Invalid host');
export const rtmpSettingsSchema = z.object({
  type: z.literal('rtmp'),
  url: z
    .string()
    .trim()
    .regex(/^rtmps?:\/\/[^\s/]+\/\S*$/, 'Must be an rtmp:// or rtmps:// URL'),
  streamKey: line().trim().max(500).default(''),
});
export const srtSettingsSchema = z.object({
  type: z.literal('srt'),
  host: hostSchema,
  port: z.number().int().min(1).max(65535),
  latencyMs: z.number().int().min(20).max(8000).default(200),
  passphrase: z.string().min(10, 'At least 10 characters').max(79).or(z.literal('')).default(''),
  streamId: line().max(512).default(''),
});
export const icecastSettingsSchema = z.object({
  type: z.literal('icecast'),
  url: z
    .string()
    .trim()
    .regex(/^https?:\/\/[^\s/]+\/?$/, 'Must be an http:// server address like http://host:8000'),
  mount: z
    .string()
    .trim()
    .regex(/^\/[\w.-]+$/, 'Must start with / like /live.mp3'),
  username: line().trim().min(1).max(100).default('source'),
  password: z.string().min(1, 'Required').max(200),
  format: z.enum(['mp3', 'aac']).default('mp3'),
  bitrateKbps: z.number().int().min(32).max(320).default(128),
});
/** `{date}` (YYYY-MM-DD of the start) and `{source}` (the feed's name) are filled in when it goes live. */
const templateSchema = (max: number) => line().trim().max(max);
export const platformVisibilities = ['public', 'unlisted', 'private'] as const;

/**
 * A target of a live platform's own kind (issue 20), bound to a social connection (owned by the caller or
 * shared with the target's workspace for going live) and, where the network has them, a sub-account (a
 * Facebook page, a YouTube channel). On start the platform's live object is created through the
 * connection; the ingest address comes from the platform, never from the user.
 */
function platformSettingsSchema<T extends PlatformTargetType>(type: T) {
  return z.object({
    type: z.literal(type),
    socialId: z.uuid(),
    subAccountId: line().trim().max(200).nullable().default(null),
    title: templateSchema(100).min(1, 'Required').default('{source} {date}'),
    description: z.string().max(5000).default(''),
    visibility: z.enum(platformVisibilities).default('public'),
    /** The network's category id (YouTube category, Twitch game id); '' for none. */
    category: line().trim().max(100).default(''),
    tags: z.array(line().trim().min(1).max(25)).max(10).default([]),
  });
}
export const platformSettingsSchemas = {
  youtube: platformSettingsSchema('youtube'),
  facebook: platformSettingsSchema('facebook'),
  twitch: platformSettingsSchema('twitch'),
  twitter: platformSettingsSchema('twitter'),
};
export type PlatformTargetSettings = z.infer<(typeof platformSettingsSchemas)[PlatformTargetType]>;
export const isPlatformSettings = (s: { type: string }): s is PlatformTargetSettings =>
  (PLATFORM_TARGET_TYPES as readonly string[]).includes(s.type);

export const targetSettingsSchema = z.discriminatedUnion('type', [
  rtmpSettingsSchema,
  srtSettingsSchema,
  icecastSettingsSchema,
  platformSettingsSchemas.youtube,
  platformSettingsSchemas.facebook,
  platformSettingsSchemas.twitch,
  platformSettingsSchemas.twitter,
]);
export type TargetSettings = z.infer<typeof targetSettingsSchema>;

export const targetSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    type: targetTypeSchema,
    enabled: z.boolean(),
    /** The feed: a source, or the program of a player & recorder (outputId); at most one of the two. */
    sourceId: z.uuid().nullable(),
    outputId: z.uuid().nullable(),
    settings: targetSettingsSchema,
    state: targetStateSchema,
    lastError: z.string().nullable(),
    /** `lastError` as a cause the user can act on; null without an error. */
    lastErrorCause: failureCauseSchema.nullable(),
    onlineSince: dateTimeSchema.nullable(),
    bitrateKbps: z.number().nullable(),
    restarts: z.number().int(),
    /** A platform target's live object while it exists (YouTube broadcast, Facebook live video). */
    platformLive: z.object({ id: z.string(), url: z.string().nullable() }).nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Target' });
export type Target = z.infer<typeof targetSchema>;

export const createTargetBodySchema = z.object({
  workspaceId: z.uuid(),
  name: nameSchema,
  enabled: z.boolean().default(true),
  sourceId: z.uuid().nullable().default(null),
  outputId: z.uuid().nullable().default(null),
  settings: targetSettingsSchema,
});
export type CreateTargetBody = z.infer<typeof createTargetBodySchema>;
export const updateTargetBodySchema = updateBodyOf(createTargetBodySchema.omit({ workspaceId: true }));
export type UpdateTargetBody = z.infer<typeof updateTargetBodySchema>;
export const targetListQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  sourceId: z.uuid().optional(),
  outputId: z.uuid().optional(),
  state: targetStateSchema.optional(),
});
export type TargetListQuery = z.infer<typeof targetListQuerySchema>;
