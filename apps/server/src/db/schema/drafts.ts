import type { DraftOutput, Timeline } from '@stromwerk/contracts/drafts';
import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';
import { corporations, workspaces } from './tenancy';

export interface LastRender {
  jobId: string;
  mediaId: string | null;
  revision: number;
  renderedAt: string | null;
}

/** Video Editor drafts: a timeline (contracts' Timeline) and output settings, saved with a revision. */
export const drafts = pgTable(
  'drafts',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** editing | rendering | rendered | failed (broken is computed from the media, never stored). */
    status: text('status').notNull().default('editing'),
    revision: integer('revision').notNull().default(0),
    timeline: jsonb('timeline').$type<Timeline>().notNull(),
    output: jsonb('output').$type<DraftOutput>().notNull(),
    durationMs: integer('duration_ms').notNull().default(0),
    lastRender: jsonb('last_render').$type<LastRender>(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('drafts_workspace_idx').on(t.workspaceId, t.updatedAt)],
);
