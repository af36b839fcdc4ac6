import type { OutputSettings } from '@stromwerk/contracts/outputs';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';
import { corporations, workspaces } from './tenancy';

/** A player & recorder: settings (contracts' OutputSettings), passwords, the program's state and statistics. */
export const outputs = pgTable(
  'outputs',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    settings: jsonb('settings').$type<OutputSettings>().notNull(),
    passwords: jsonb('passwords').$type<string[]>().notNull().default([]),
    input: text('input').notNull().default('offline'),
    peakViewers: integer('peak_viewers').notNull().default(0),
    views: integer('views').notNull().default(0),
    watchSeconds: bigint('watch_seconds', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('outputs_workspace_idx').on(t.workspaceId)],
);

/** Moments marked on a player's stream (Clipping Tool), to clip later. */
export const markers = pgTable(
  'markers',
  {
    id: id(),
    outputId: uuid('output_id')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
    at: timestamp('at', { withTimezone: true }).notNull(),
    label: text('label').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('markers_output_idx').on(t.outputId, t.at)],
);

export const comments = pgTable(
  'comments',
  {
    id: id(),
    outputId: uuid('output_id')
      .notNull()
      .references(() => outputs.id, { onDelete: 'cascade' }),
    corporationId: uuid('corporation_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    author: text('author').notNull(),
    text: text('text').notNull(),
    approved: boolean('approved').notNull().default(false),
    byMember: boolean('by_member').notNull().default(false),
    expiry: timestamp('expiry', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('comments_output_idx').on(t.outputId, t.createdAt),
    index('comments_workspace_idx').on(t.workspaceId),
  ],
);
