import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * One owner per live thing (issue 19). A row says which server process (`holder`) runs a source's ingest or
 * publisher, or a target's push, until `expiresAt`; the holder renews it every second. `token` grows on
 * every change of holder (a fencing token): the holder's live-state writes name it, so a process that lost
 * its lease without noticing cannot overwrite its successor's state. Rows are claimed in
 * `modules/live/leases.repository.ts` with the decision of `lease-state.ts`.
 */
export const liveLeases = pgTable(
  'live_leases',
  {
    kind: text('kind').notNull(),
    thingId: uuid('thing_id').notNull(),
    holder: text('holder').notNull(),
    token: bigint('token', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.thingId] }), index('live_leases_holder_idx').on(t.holder)],
);
