import {
  bigint,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * Metered usage (issue 17): one row per corporation, workspace, metric and UTC hour. Written only by the
 * meter's flush, which adds its deltas with one upsert (`value + excluded.value`, GREATEST for gauges), so
 * several server processes can write the same bucket. No foreign keys: a deleted workspace's usage stays
 * billable history, and a flush never fails because a workspace went away meanwhile.
 */
export const usageCounters = pgTable(
  'usage_counters',
  {
    corporationId: uuid('corporation_id').notNull(),
    workspaceId: uuid('workspace_id').notNull(),
    metric: text('metric').notNull(),
    bucketStart: timestamp('bucket_start', { withTimezone: true }).notNull(),
    value: bigint('value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.corporationId, t.workspaceId, t.metric, t.bucketStart] }),
    index('usage_counters_corporation_time_idx').on(t.corporationId, t.bucketStart),
  ],
);

/**
 * Soft-limit warnings sent: one row per corporation, metric, month and level (80 or 100). Inserting
 * with ON CONFLICT DO NOTHING decides, across processes, which one sends the notification.
 */
export const usageAlerts = pgTable(
  'usage_alerts',
  {
    corporationId: uuid('corporation_id').notNull(),
    metric: text('metric').notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    level: integer('level').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.corporationId, t.metric, t.periodStart, t.level] })],
);
