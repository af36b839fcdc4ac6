import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns';
import { users } from './identity';
import { corporations, workspaces } from './tenancy';

/**
 * Stored notifications: one row per recipient (fan-out on write keeps reads and deletes per user trivial).
 * `notBefore` delays a notification; `deliveredAt` is set when it has been published as due, so several
 * server processes deliver each delayed one once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    corporationId: uuid('corporation_id').references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id').references(() => workspaces.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    entity: text('entity'),
    entityId: text('entity_id'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    notBefore: timestamp('not_before', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt),
    index('notifications_corporation_idx').on(t.corporationId),
    index('notifications_pending_idx').on(t.notBefore).where(sql`delivered_at IS NULL`),
  ],
);
