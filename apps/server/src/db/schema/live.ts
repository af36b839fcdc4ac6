import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * One owner per live thing (issues 19 and 29). Owning a source's ingest or publisher, a target's push or a
 * player's writer means holding a session-level advisory lock (`lockKey`) on the process's lock session;
 * the database releases it when that session ends (a crash), so a successor can take over at once. A row
 * says which lock session (`holder`) took the lease last; `token` grows on every change of holder (a
 * fencing token, drawn from `live_lease_tokens`, so it never goes back, not even after the row was given
 * back and the thing taken again): the holder's live-state writes name it, so a process that lost its
 * lease cannot overwrite its successor's state. A row whose lock nobody holds is an orphan (its owner died
 * or handed it over).
 * Rows are written by `modules/live/leases.repository.ts`; `expiresAt` is no longer used.
 */
export const liveLeaseTokens = pgSequence('live_lease_tokens');

export const liveLeases = pgTable(
  'live_leases',
  {
    kind: text('kind').notNull(),
    thingId: uuid('thing_id').notNull(),
    holder: text('holder').notNull(),
    token: bigint('token', { mode: 'number' }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lockKey: bigint('lock_key', { mode: 'bigint' }),
  },
  (t) => [primaryKey({ columns: [t.kind, t.thingId] }), index('live_leases_holder_idx').on(t.holder)],
);

/**
 * Every running server process (issue 29): its role and regions, the database backend holding its lease
 * locks, its media state and a heartbeat its main loop renews every second. A process whose heartbeat is
 * older than the eviction time is hung (SIGSTOP, a frozen VM): another process ends its lock session
 * (`pg_terminate_backend`), so its streams are taken over. Read by health (media processes per region).
 */
export const liveProcesses = pgTable('live_processes', {
  holder: text('holder').primaryKey(),
  role: text('role').notNull(),
  regions: jsonb('regions').$type<string[]>().notNull().default([]),
  backendPid: integer('backend_pid'),
  mediaState: text('media_state').notNull(),
  /** INTERNAL_URL: where the other processes reach this one's HTTP (a viewer's WHEP offer is passed on). */
  internalUrl: text('internal_url'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  beatAt: timestamp('beat_at', { withTimezone: true }).notNull().defaultNow(),
});

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
