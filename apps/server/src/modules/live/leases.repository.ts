import { and, eq, gt, inArray, lt, ne, sql } from 'drizzle-orm';
import { liveLeases, liveProcesses } from '../../db/schema/live';
import type { Db } from '../../plugins/db';
import { ALIVE_WITHIN_MS, type Fence, type LeaseKind } from './lease-state';

export type { Fence };

/** Advisory locks of this database whose holder session is alive, as `pg_locks` shows them. */
const HELD_LOCKS = sql`SELECT ((k.classid::int8 << 32) | k.objid::int8) AS key FROM pg_locks k
  WHERE k.locktype = 'advisory' AND k.granted AND k.objsubid = 1
    AND k.database = (SELECT oid FROM pg_database WHERE datname = current_database())`;

/**
 * The only SQL of the live leases and process heartbeats (issues 19, 29). The lock itself is taken on the
 * lock session (`db/lock-session.ts`); these rows say who took it last (the fencing token) and which rows
 * lost their lock (orphans).
 */
export class LeasesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Writes the lease of a thing whose lock `holder` has just taken, by the rule of `nextToken`: the token
   * stays for the same holder, any other draws one from the sequence (never below the row's own plus one).
   * Answers the token and the previous holder (null: there was no row).
   */
  async claim(kind: LeaseKind, id: string, holder: string, lockKey: bigint) {
    const result = await this.db.execute(sql`
      WITH previous AS (SELECT holder FROM live_leases WHERE kind = ${kind} AND thing_id = ${id})
      INSERT INTO live_leases (kind, thing_id, holder, token, lock_key)
      VALUES (${kind}, ${id}, ${holder}, nextval('live_lease_tokens'), ${lockKey.toString()}::int8)
      ON CONFLICT (kind, thing_id) DO UPDATE SET
        token = CASE WHEN live_leases.holder = EXCLUDED.holder THEN live_leases.token
          ELSE GREATEST(live_leases.token + 1, EXCLUDED.token) END,
        holder = EXCLUDED.holder, lock_key = EXCLUDED.lock_key, expires_at = NULL
      RETURNING token, (SELECT holder FROM previous) AS previous`);
    const row = result.rows[0] as { token: string | number; previous: string | null };
    return { token: Number(row.token), previousHolder: row.previous };
  }

  /** Gives a lease up for good: nothing is left to correct. */
  async release(kind: LeaseKind, id: string, fence: Fence) {
    await this.db
      .delete(liveLeases)
      .where(
        and(
          eq(liveLeases.kind, kind),
          eq(liveLeases.thingId, id),
          eq(liveLeases.holder, fence.holder),
          eq(liveLeases.token, fence.token),
        ),
      );
  }

  /** Leases whose lock nobody holds: their holder died, was evicted, or handed them over (PostgreSQL). */
  async orphans(limit = 200): Promise<{ kind: LeaseKind; thingId: string; holder: string }[]> {
    const result = await this.db.execute(sql`
      SELECT l.kind, l.thing_id AS "thingId", l.holder FROM live_leases l
      WHERE l.lock_key IS NOT NULL AND l.lock_key NOT IN (${HELD_LOCKS})
      LIMIT ${limit}`);
    return result.rows as { kind: LeaseKind; thingId: string; holder: string }[];
  }

  /** PGlite is one process: whatever a previous run held is held by nobody now. */
  async clearAll() {
    await this.db.delete(liveLeases);
    await this.db.delete(liveProcesses);
  }

  async current(kind: LeaseKind, id: string) {
    const [row] = await this.db
      .select()
      .from(liveLeases)
      .where(and(eq(liveLeases.kind, kind), eq(liveLeases.thingId, id)));
    return row;
  }

  /** The INTERNAL_URL of the live process that holds a thing's lease (none: no holder, or no address). */
  async holderAddress(kind: LeaseKind, id: string): Promise<{ holder: string; url: string } | undefined> {
    const [row] = await this.db
      .select({ holder: liveLeases.holder, url: liveProcesses.internalUrl })
      .from(liveLeases)
      .innerJoin(liveProcesses, eq(liveProcesses.holder, liveLeases.holder))
      .where(and(eq(liveLeases.kind, kind), eq(liveLeases.thingId, id)));
    return row?.url ? { holder: row.holder, url: row.url } : undefined;
  }

  // --- process heartbeats ---

  async registerProcess(p: {
    holder: string;
    role: string;
    regions: string[];
    backendPid: number | null;
    mediaState: string;
    internalUrl: string | null;
  }) {
    await this.db
      .insert(liveProcesses)
      .values(p)
      .onConflictDoUpdate({
        target: liveProcesses.holder,
        set: {
          backendPid: p.backendPid,
          mediaState: p.mediaState,
          internalUrl: p.internalUrl,
          beatAt: sql`now()`,
        },
      });
  }

  /** Renews a heartbeat; false when the row is gone (another process evicted this one). */
  async beat(holder: string, mediaState: string): Promise<boolean> {
    const rows = await this.db
      .update(liveProcesses)
      .set({ beatAt: sql`now()`, mediaState })
      .where(eq(liveProcesses.holder, holder))
      .returning({ holder: liveProcesses.holder });
    return rows.length > 0;
  }

  async removeProcess(holder: string) {
    await this.db.delete(liveProcesses).where(eq(liveProcesses.holder, holder));
  }

  /** Processes whose heartbeat is older than `ms` (hung or dead), other than `me`. */
  async silentProcesses(me: string, ms: number) {
    return this.db
      .select({ holder: liveProcesses.holder, backendPid: liveProcesses.backendPid })
      .from(liveProcesses)
      .where(
        and(
          ne(liveProcesses.holder, me),
          lt(liveProcesses.beatAt, sql`now() - ${`${ms} milliseconds`}::interval`),
        ),
      );
  }

  /**
   * Ends the lock session of a hung process, so the database drops its locks. Only our own lock sessions
   * (by application name) are ended, never another program's connection that reused the pid.
   */
  async endLockSession(backendPid: number, applicationName: string): Promise<boolean> {
    const result = await this.db.execute(sql`
      SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
      WHERE pid = ${backendPid} AND application_name = ${applicationName}`);
    return (result.rows[0] as { ended?: boolean } | undefined)?.ended === true;
  }

  /** Heartbeats renewed lately: the running processes, other than `me` when given. */
  async aliveProcesses(me?: string) {
    return this.db
      .select({
        holder: liveProcesses.holder,
        role: liveProcesses.role,
        regions: liveProcesses.regions,
        mediaState: liveProcesses.mediaState,
        beatAt: liveProcesses.beatAt,
      })
      .from(liveProcesses)
      .where(
        and(
          gt(liveProcesses.beatAt, sql`now() - ${`${ALIVE_WITHIN_MS} milliseconds`}::interval`),
          me ? ne(liveProcesses.holder, me) : undefined,
        ),
      );
  }

  /** The leases rows of some things (tests and the start-up correction). */
  async ofThings(kind: LeaseKind, ids: string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(liveLeases)
      .where(and(eq(liveLeases.kind, kind), inArray(liveLeases.thingId, ids)));
  }
}

/** The SQL condition "`fence` holds the lease of this thing", for the fenced writes of live state. */
export function holdsLease(kind: LeaseKind, id: string, fence: Fence) {
  return sql`EXISTS (SELECT 1 FROM live_leases WHERE kind = ${kind} AND thing_id = ${id}
    AND holder = ${fence.holder} AND token = ${fence.token})`;
}

/** The SQL condition "no process has a lease row for this thing" (start-up correction of old state). */
export function unleased(kind: LeaseKind, idColumn: unknown) {
  return sql`NOT EXISTS (SELECT 1 FROM live_leases WHERE kind = ${kind} AND thing_id = ${idColumn})`;
}
