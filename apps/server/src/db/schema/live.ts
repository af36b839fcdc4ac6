import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

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

/**
 * Who watches which player, shared by every process (issue 19, fault 8): a viewer counts while it asked
 * for the playlist within the last 30 s; the viewer limit is checked against these rows, under a lock of
 * the output, so a limit of N admits N viewers across the cluster (`outputs/viewers.repository.ts`).
 */
export const liveViewers = pgTable(
  'live_viewers',
  {
    outputId: uuid('output_id').notNull(),
    viewerId: text('viewer_id').notNull(),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
    /** The request before `seenAt`: watch time accrues between the two, whichever process served them. */
    previousSeenAt: timestamp('previous_seen_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.outputId, t.viewerId] })],
);

/**
 * The guessing limits' counters (login, passwords: `plugins/attempts.ts`), shared by every process on
 * PostgreSQL; the columns are the ones rate-limiter-flexible's Drizzle store reads and writes.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull(),
  expire: timestamp('expire', { withTimezone: true }),
});
