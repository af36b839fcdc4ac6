import { z } from 'zod';
import {
  bulkIdsBodySchema,
  dateTimeSchema,
  failureCauseSchema,
  line,
  nameSchema,
  pageQuerySchema,
  text,
  updateBodyOf,
} from './common';
import { STREAM_ENDPOINTS } from './limits';
import { streamInfoSchema } from './stream-info';
import { sourceStates, sourceTypes } from './values';

export { sourceStates, sourceTypes };

export const sourceTypeSchema = z.enum(sourceTypes);
export type SourceType = z.infer<typeof sourceTypeSchema>;
export const streamEndpointSchema = z.enum(STREAM_ENDPOINTS);
export type StreamEndpoint = z.infer<typeof streamEndpointSchema>;

/** offline: nothing arrives; live: a stream arrives; scheduled: waits for its start; maintenance: in its window. */
export const sourceStateSchema = z.enum(sourceStates);
export type SourceState = z.infer<typeof sourceStateSchema>;

export const sourceSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    name: z.string(),
    type: sourceTypeSchema,
    endpoint: streamEndpointSchema,
    recording: z.boolean(),
    startNow: z.boolean(),
    scheduledStart: dateTimeSchema.nullable(),
    mediaId: z.uuid().nullable(),
    loop: z.boolean(),
    maintenanceStart: dateTimeSchema.nullable(),
    maintenanceEnd: dateTimeSchema.nullable(),
    state: sourceStateSchema,
    streamStart: dateTimeSchema.nullable(),
    streamInfo: streamInfoSchema.nullable(),
    lastError: z.string().nullable(),
    /** `lastError` as a cause the user can act on; null without an error. */
    lastErrorCause: failureCauseSchema.nullable(),
    /**
     * Where an encoder sends to (RTMP server URL or SRT address); the key is fetched separately. Null for
     * demo and re-live sources and for a region this server has no ingest address for.
     */
    ingestUrl: z.string().nullable(),
    meta: z.record(z.string(), z.string()),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Source' });
export type Source = z.infer<typeof sourceSchema>;

const sourceFields = z.object({
  name: nameSchema,
  type: sourceTypeSchema,
  endpoint: streamEndpointSchema.optional(),
  recording: z.boolean().default(false),
  startNow: z.boolean().default(true),
  scheduledStart: dateTimeSchema.nullable().optional(),
  mediaId: z.uuid().nullable().optional(),
  loop: z.boolean().default(true),
  maintenanceStart: dateTimeSchema.nullable().optional(),
  maintenanceEnd: dateTimeSchema.nullable().optional(),
});
export const createSourceBodySchema = sourceFields.extend({ workspaceId: z.uuid() });
export type CreateSourceBody = z.infer<typeof createSourceBodySchema>;
export const updateSourceBodySchema = updateBodyOf(sourceFields.omit({ type: true }));
export type UpdateSourceBody = z.infer<typeof updateSourceBodySchema>;
/**
 * A change for a selection of the sources list (issue 11): the settings that make sense for many sources at
 * once, applied to every id (1 to BULK_MAX) as `update` applies them to one, all or nothing.
 */
export const bulkUpdateSourcesBodySchema = bulkIdsBodySchema.extend({
  changes: z.strictObject({ recording: z.boolean() }),
});
export type BulkUpdateSourcesBody = z.infer<typeof bulkUpdateSourcesBodySchema>;

export const sourceListQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  state: sourceStateSchema.optional(),
  type: sourceTypeSchema.optional(),
});
export type SourceListQuery = z.infer<typeof sourceListQuerySchema>;

export const streamKeySchema = z.object({
  streamKey: z.string(),
  ingestUrl: z.string().nullable(),
  /** Full address for encoders that take one URL (RTMP: server/key; SRT: with passphrase). */
  publishUrl: z.string().nullable(),
});
export type StreamKey = z.infer<typeof streamKeySchema>;

/**
 * The ingest regions of this server (issue 13.3): `configured` is false for a region without a public
 * address; its sources have `ingestUrl: null` and cannot be published to.
 */
export const ingestEndpointsSchema = z
  .object({
    endpoints: z.array(
      z.object({
        id: streamEndpointSchema,
        protocol: z.enum(['rtmp', 'srt']),
        configured: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'IngestEndpoints' });
export type IngestEndpoints = z.infer<typeof ingestEndpointsSchema>;

export const sourceMetaBodySchema = z.object({ meta: z.record(line().max(64), text().max(1000)) });
export type SourceMetaBody = z.infer<typeof sourceMetaBodySchema>;
