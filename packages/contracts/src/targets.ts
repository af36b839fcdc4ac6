import { z } from 'zod';
import {
  dateTimeSchema,
  failureCauseSchema,
  line,
  nameSchema,
  pageQuerySchema,
  updateBodyOf,
} from './common';
import { TARGET_TYPES } from './limits';
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
export const targetSettingsSchema = z.discriminatedUnion('type', [
  rtmpSettingsSchema,
  srtSettingsSchema,
  icecastSettingsSchema,
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
