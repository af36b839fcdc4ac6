import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { TargetSettings } from '@stromwerk/contracts/targets';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { medias } from './media';
import { outputs } from './outputs';
import { corporations, workspaces } from './tenancy';

/** What ending a platform's live object needs: its ids there, and the address viewers watch. */
export interface PlatformLive {
  id: string;
  url: string | null;
  /** Further ids the network needs to end it (YouTube's stream id). */
  ids: Record<string, string>;
}

const tenant = () => ({
  corporationId: uuid('corporation_id')
    .notNull()
    .references(() => corporations.id, { onDelete: 'cascade' }),
  workspaceId: uuid('workspace_id')
    .notNull()
    .references(() => workspaces.id, { onDelete: 'cascade' }),
});

export const sources = pgTable(
  'sources',
  {
    id: id(),
    ...tenant(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    endpoint: text('endpoint').notNull(),
    /** Secret: the RTMP stream name, or the SRT passphrase. Shown on demand, rotatable. */
    streamKey: text('stream_key').notNull().unique(),
    /** SRT ingest listens on its own port per source. */
    srtPort: integer('srt_port').unique(),
    recording: boolean('recording').notNull().default(false),
    startNow: boolean('start_now').notNull().default(true),
    scheduledStart: timestamp('scheduled_start', { withTimezone: true }),
    mediaId: uuid('media_id').references(() => medias.id, { onDelete: 'set null' }),
    loop: boolean('loop').notNull().default(true),
    maintenanceStart: timestamp('maintenance_start', { withTimezone: true }),
    maintenanceEnd: timestamp('maintenance_end', { withTimezone: true }),
    live: boolean('live').notNull().default(false),
    streamStart: timestamp('stream_start', { withTimezone: true }),
    streamInfo: jsonb('stream_info').$type<StreamInfo>(),
    lastError: text('last_error'),
    meta: jsonb('meta').$type<Record<string, string>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('sources_workspace_idx').on(t.workspaceId),
    index('sources_corporation_idx').on(t.corporationId),
    // A process's start and its schedule look only at these few rows; at 10,000 sources neither may
    // read the whole table (chaos.test.ts counts the rows read while idle).
    index('sources_publisher_idx').on(t.type).where(sql`${t.type} <> 'rtmp'`),
    index('sources_scheduled_start_idx').on(t.scheduledStart).where(sql`${t.scheduledStart} IS NOT NULL`),
    index('sources_maintenance_start_idx')
      .on(t.maintenanceStart)
      .where(sql`${t.maintenanceStart} IS NOT NULL`),
    index('sources_maintenance_end_idx').on(t.maintenanceEnd).where(sql`${t.maintenanceEnd} IS NOT NULL`),
  ],
);

export const targets = pgTable(
  'targets',
  {
    id: id(),
    ...tenant(),
    name: text('name').notNull(),
    type: text('type').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    sourceId: uuid('source_id').references(() => sources.id, { onDelete: 'set null' }),
    outputId: uuid('output_id').references(() => outputs.id, { onDelete: 'set null' }),
    settings: jsonb('settings').$type<TargetSettings>().notNull(),
    state: text('state').notNull().default('offline'),
    lastError: text('last_error'),
    onlineSince: timestamp('online_since', { withTimezone: true }),
    bitrateKbps: real('bitrate_kbps'),
    restarts: integer('restarts').notNull().default(0),
    /** A platform target's live object at the network while it exists (ended on stop, even after a restart). */
    platformLive: jsonb('platform_live').$type<PlatformLive>(),
    /** Who bound a platform target to its connection: its owner may use it without sharing it. */
    boundBy: uuid('bound_by'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('targets_workspace_idx').on(t.workspaceId),
    index('targets_source_idx').on(t.sourceId),
    index('targets_output_idx').on(t.outputId),
  ],
);

export const streamInfos = pgTable(
  'stream_infos',
  {
    id: id(),
    ...tenant(),
    sourceId: uuid('source_id')
      .notNull()
      .references(() => sources.id, { onDelete: 'cascade' }),
    streamStart: timestamp('stream_start', { withTimezone: true }).notNull(),
    streamEnd: timestamp('stream_end', { withTimezone: true }),
    info: jsonb('info').$type<StreamInfo>(),
    createdAt: createdAt(),
  },
  (t) => [index('stream_infos_source_idx').on(t.sourceId, t.streamStart)],
);
