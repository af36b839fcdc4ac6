import type { ClipInfo } from '@stromwerk/contracts/medias';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';
import { corporations, workspaces } from './tenancy';

export interface MediaFile {
  bucketRef: string;
  kind: 'original' | 'image' | 'thumbnail' | 'preview' | 'waveform';
  mimeType: string;
  size: number;
}

/**
 * Every stored file set: uploads, recordings, renders, clips and user avatars (corporationId null, owned by
 * a user). `files[0]` is the main file; its bucketRef is the storage key.
 */
export const medias = pgTable(
  'medias',
  {
    id: id(),
    corporationId: uuid('corporation_id').references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerUserId: uuid('owner_user_id').references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    origin: text('origin').notNull(),
    /** The media, source or output this one was made from (copy, render, clip, recording). */
    originId: uuid('origin_id'),
    error: text('error'),
    status: text('status').notNull().default('ready'),
    files: jsonb('files').$type<MediaFile[]>().notNull().default([]),
    probe: jsonb('probe'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull().default(0),
    durationMs: integer('duration_ms'),
    /** Clips: what it was cut from and how exactly (contracts' ClipInfo). */
    clip: jsonb('clip').$type<ClipInfo>(),
    /** Deleted by the expiry sweep at this time. */
    autoDeleteAt: timestamp('auto_delete_at', { withTimezone: true }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('medias_workspace_idx').on(t.workspaceId, t.createdAt),
    index('medias_corporation_idx').on(t.corporationId),
    index('medias_origin_idx').on(t.workspaceId, t.origin, t.originId),
    index('medias_auto_delete_idx').on(t.autoDeleteAt),
  ],
);

/**
 * A recording of a live session in the making (issue 29): its MPEG-TS segments are written to
 * SHARED_DIR/recordings/<id> as they come (one "part" per process that recorded it: a takeover continues
 * the same recording with the next part). `paused` once no process records it; when it stays paused for
 * the resume window, one process claims it (`finishing`), joins the segments into an MP4 media
 * (`mediaId`) and deletes them (`done`). One open recording per owner (a source or a player).
 */
export const recordings = pgTable(
  'recordings',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    ownerKind: text('owner_kind').$type<'source' | 'output'>().notNull(),
    ownerId: uuid('owner_id').notNull(),
    ownerName: text('owner_name').notNull(),
    state: text('state')
      .$type<'recording' | 'paused' | 'finishing' | 'done' | 'failed'>()
      .notNull()
      .default('recording'),
    parts: integer('parts').notNull().default(0),
    /** The lock session (process) recording it now: when that process is gone, the recording pauses. */
    recorder: text('recorder'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    pausedAt: timestamp('paused_at', { withTimezone: true }),
    finishingBy: text('finishing_by'),
    finishingAt: timestamp('finishing_at', { withTimezone: true }),
    mediaId: uuid('media_id'),
    error: text('error'),
  },
  (t) => [index('recordings_due_idx').on(t.pausedAt)],
);
