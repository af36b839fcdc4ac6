import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';

export const corporations = pgTable('corporations', {
  id: id(),
  name: text('name').notNull(),
  blocked: boolean('blocked').notNull().default(false),
  features: text('features').array().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const workspaces = pgTable(
  'workspaces',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sortIndex: integer('sort_index').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('workspaces_corporation_idx').on(t.corporationId)],
);

/** A user's permissions in a corporation (workspaceId null) or in one workspace of it. */
export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    permissions: text('permissions').array().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('memberships_scope_uq').on(t.userId, t.corporationId, t.workspaceId).nullsNotDistinct(),
    index('memberships_corporation_idx').on(t.corporationId),
  ],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    permissions: text('permissions').array().notNull(),
    /** Further workspaces the invitee gets on acceptance, each at its own level (beyond the grant above). */
    workspaceGrants: jsonb('workspace_grants')
      .$type<{ workspaceId: string; permission: 'read' | 'write' | 'admin' }[]>()
      .notNull()
      .default([]),
    codeHash: text('code_hash').notNull().unique(),
    status: text('status').notNull().default('pending'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiry: timestamp('expiry', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('invitations_corporation_idx').on(t.corporationId),
    index('invitations_email_idx').on(t.email),
  ],
);

export const quotas = pgTable('quotas', {
  corporationId: uuid('corporation_id')
    .primaryKey()
    .references(() => corporations.id, { onDelete: 'cascade' }),
  maxWorkspaces: integer('max_workspaces').notNull().default(50),
  maxUsers: integer('max_users').notNull().default(100),
  maxStorageBytes: bigint('max_storage_bytes', { mode: 'number' }).notNull().default(107_374_182_400),
  maxSources: integer('max_sources').notNull().default(50),
  maxTargets: integer('max_targets').notNull().default(100),
  maxOutputs: integer('max_outputs').notNull().default(50),
  maxViewers: integer('max_viewers').notNull().default(10_000),
  // Monthly flows (issue 17): null = no limit. Warned at 80 % and 100 %; past 100 % new live sessions
  // and renders are refused, running ones go on.
  maxViewerHoursPerMonth: integer('max_viewer_hours_per_month'),
  maxEgressBytesPerMonth: bigint('max_egress_bytes_per_month', { mode: 'number' }),
  maxLiveHoursPerMonth: integer('max_live_hours_per_month'),
  maxRenderMinutesPerMonth: integer('max_render_minutes_per_month'),
  // Issue 34: hours of quality-ladder transcoding; past it, players play their source only.
  maxTranscodeHoursPerMonth: integer('max_transcode_hours_per_month'),
  updatedAt: updatedAt(),
});

/**
 * How many sources, targets and players a corporation has, kept by row triggers on those tables
 * (migrations 0023, 0028): the quota check of a create reads these rows instead of counting thousands. Up
 * to 16 shards per corporation, one per database connection, so creates do not wait on each other: its
 * count is the shards' sum.
 */
export const corporationCounts = pgTable(
  'corporation_counts',
  {
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    shard: smallint('shard').notNull().default(0),
    sources: integer('sources').notNull().default(0),
    targets: integer('targets').notNull().default(0),
    outputs: integer('outputs').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'corporation_counts_pkey', columns: [t.corporationId, t.shard] })],
);

export const usageReports = pgTable(
  'usage_reports',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    usage: jsonb('usage').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_reports_scope_idx').on(t.corporationId, t.workspaceId, t.createdAt)],
);
