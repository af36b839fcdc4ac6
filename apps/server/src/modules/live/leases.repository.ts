import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { liveLeases } from '../../db/schema/live';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../plugins/db';
import { type ClaimOutcome, decideClaim, LEASE_TTL_MS, type Lease, type LeaseKind } from './lease-state';

export interface Fence {
  holder: string;
  token: number;
}

/**
 * The only SQL of the live leases (issue 19). A claim locks the row (or inserts it; the primary key makes
 * two first claims of one thing collide, and the loser is refused), asks `decideClaim`, and writes its
 * answer, all with the database's clock so the processes' own clocks do not matter.
 */
export class LeasesRepository {
  constructor(private readonly db: Db) {}

  async claim(kind: LeaseKind, id: string, me: string, ttlMs = LEASE_TTL_MS): Promise<ClaimOutcome> {
    return withTransaction(this.db, async (tx) => {
      const [{ now }] = (await tx.execute(sql`SELECT now() AS now`)).rows as { now: string | Date }[] as [
        { now: string | Date },
      ];
      const at = new Date(now);
      const [row] = await tx
        .select()
        .from(liveLeases)
        .where(and(eq(liveLeases.kind, kind), eq(liveLeases.thingId, id)))
        .for('update');
      const current: Lease | undefined = row && {
        holder: row.holder,
        token: row.token,
        expiresAt: row.expiresAt,
      };
      const decision = decideClaim(current, me, at, ttlMs);
      if (decision.outcome === 'refused') return decision;
      if (!current) {
        const inserted = await tx
          .insert(liveLeases)
          .values({ kind, thingId: id, ...decision.lease })
          .onConflictDoNothing()
          .returning();
        // Another process inserted the first lease between our read and our insert: it won.
        if (inserted.length === 0) return { outcome: 'refused', lease: decision.lease };
        return decision;
      }
      await tx
        .update(liveLeases)
        .set(decision.lease)
        .where(and(eq(liveLeases.kind, kind), eq(liveLeases.thingId, id)));
      return decision;
    });
  }

  /**
   * Takes a lease whoever holds it (the fencing token grows when the holder changes): the process where a
   * player's live source is takes the player's writer from the process that wrote its fallback.
   */
  async takeFrom(kind: LeaseKind, id: string, me: string, ttlMs = LEASE_TTL_MS): Promise<number> {
    const expiresAt = sql`now() + ${`${ttlMs} milliseconds`}::interval`;
    const [row] = await this.db
      .insert(liveLeases)
      .values({ kind, thingId: id, holder: me, token: 1, expiresAt })
      .onConflictDoUpdate({
        target: [liveLeases.kind, liveLeases.thingId],
        set: {
          holder: me,
          token: sql`CASE WHEN ${liveLeases.holder} = ${me} THEN ${liveLeases.token} ELSE ${liveLeases.token} + 1 END`,
          expiresAt,
        },
      })
      .returning({ token: liveLeases.token });
    return row!.token;
  }

  /** Heartbeats of running processes other than `me` with their expiry (cluster-check.ts). */
  async otherProcesses(me?: string) {
    return this.db
      .select({ holder: liveLeases.holder, expiresAt: liveLeases.expiresAt })
      .from(liveLeases)
      .where(
        and(
          eq(liveLeases.kind, 'process'),
          sql`${liveLeases.expiresAt} > now()`,
          me ? ne(liveLeases.holder, me) : undefined,
        ),
      );
  }

  /** Extends every lease of `me`; answers the ones it still holds (kind:id -> token). */
  async renew(me: string, ttlMs = LEASE_TTL_MS): Promise<Map<string, number>> {
    const rows = await this.db
      .update(liveLeases)
      .set({ expiresAt: sql`now() + ${`${ttlMs} milliseconds`}::interval` })
      .where(eq(liveLeases.holder, me))
      .returning({ kind: liveLeases.kind, thingId: liveLeases.thingId, token: liveLeases.token });
    return new Map(rows.map((r) => [`${r.kind}:${r.thingId}`, r.token]));
  }

  /** Leases of other processes that were not renewed in time: their holder is gone or stuck. */
  async expiredOfOthers(me: string) {
    return this.db
      .select({ kind: liveLeases.kind, thingId: liveLeases.thingId })
      .from(liveLeases)
      .where(and(ne(liveLeases.holder, me), lt(liveLeases.expiresAt, sql`now()`)))
      .limit(200);
  }

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

  async releaseAll(me: string) {
    await this.db.delete(liveLeases).where(eq(liveLeases.holder, me));
  }

  /** PGlite is one process: whatever a previous run held is held by nobody now. */
  async clearAll() {
    await this.db.delete(liveLeases);
  }

  async current(kind: LeaseKind, id: string) {
    const [row] = await this.db
      .select()
      .from(liveLeases)
      .where(and(eq(liveLeases.kind, kind), eq(liveLeases.thingId, id)));
    return row;
  }
}

/** The SQL condition "`fence` holds the lease of this thing", for the fenced writes of live state. */
export function holdsLease(kind: LeaseKind, id: string, fence: Fence) {
  return sql`EXISTS (SELECT 1 FROM live_leases WHERE kind = ${kind} AND thing_id = ${id}
    AND holder = ${fence.holder} AND token = ${fence.token} AND expires_at > now())`;
}

/** The SQL condition "no process holds a live lease on this thing" (none, or expired). */
export function unleased(kind: LeaseKind, idColumn: unknown) {
  return sql`NOT EXISTS (SELECT 1 FROM live_leases WHERE kind = ${kind} AND thing_id = ${idColumn}
    AND expires_at > now())`;
}
