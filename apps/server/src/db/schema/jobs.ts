import { index, integer, jsonb, pgTable, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { medias } from './media';
import { corporations, workspaces } from './tenancy';

/**
 * Long media tasks. Workers in any server process claim queued rows with FOR UPDATE SKIP LOCKED, keep
 * `heartbeat_at` fresh while running, and a row whose heartbeat went stale is retried or failed (a
 * process that died mid-job). `lockedBy` names the worker holding it.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    state: text('state').notNull().default('queued'),
    mediaId: uuid('media_id').references(() => medias.id, { onDelete: 'set null' }),
    resultMediaId: uuid('result_media_id').references(() => medias.id, { onDelete: 'set null' }),
    /** Where the result was published (a social post's address). */
    resultUrl: text('result_url'),
    payload: jsonb('payload').notNull().default({}),
    progress: real('progress').notNull().default(0),
    etaSeconds: integer('eta_seconds'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(2),
    priority: integer('priority').notNull().default(0),
    lockedBy: text('locked_by'),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('jobs_claim_idx').on(t.state, t.priority, t.createdAt),
    index('jobs_workspace_idx').on(t.workspaceId, t.createdAt),
    index('jobs_media_idx').on(t.mediaId),
  ],
);
