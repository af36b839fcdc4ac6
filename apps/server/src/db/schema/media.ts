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
