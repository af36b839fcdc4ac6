import { and, count, eq, gt, lt, sql } from 'drizzle-orm';
import { liveViewers } from '../../db/schema/live';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../plugins/db';

/** A viewer counts while it asked for the playlist within this time (as the in-memory ViewerRegistry). */
const ACTIVE_SECONDS = 30;
const active = sql`now() - ${`${ACTIVE_SECONDS} seconds`}::interval`;

/**
 * The viewers of players, shared by every server process (issue 19, fault 8; table `live_viewers`). An
 * admission counts and inserts under a transaction-scoped advisory lock of the output, so concurrent
 * sessions on several processes cannot both take the last place.
 */
export class ViewersRepository {
  constructor(private readonly db: Db) {}

  /** Admits a new viewer unless `limit` viewers are active; returns the active count after, or null. */
  async admit(outputId: string, viewerId: string, limit: number | null): Promise<number | null> {
    return withTransaction(this.db, async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`viewers:${outputId}`}))`);
      await tx
        .delete(liveViewers)
        .where(and(eq(liveViewers.outputId, outputId), lt(liveViewers.seenAt, active)));
      const [row] = await tx
        .select({ n: count() })
        .from(liveViewers)
        .where(eq(liveViewers.outputId, outputId));
      const n = row?.n ?? 0;
      if (limit !== null && n >= limit) return null;
      await tx.insert(liveViewers).values({ outputId, viewerId }).onConflictDoNothing();
      return n + 1;
    });
  }

  /** A playlist request of an admitted viewer (again active, or back after a pause). */
  async seen(outputId: string, viewerId: string) {
    await this.db
      .insert(liveViewers)
      .values({ outputId, viewerId })
      .onConflictDoUpdate({
        target: [liveViewers.outputId, liveViewers.viewerId],
        set: { seenAt: sql`now()` },
      });
  }

  async count(outputId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(liveViewers)
      .where(and(eq(liveViewers.outputId, outputId), gt(liveViewers.seenAt, active)));
    return row?.n ?? 0;
  }

  async drop(outputId: string) {
    await this.db.delete(liveViewers).where(eq(liveViewers.outputId, outputId));
  }
}
