import { and, count, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { liveViewers } from '../../db/schema/live';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../plugins/db';
import { VIEWER_ACTIVE_SECONDS, type ViewerSeen, type Viewers } from './viewers';

const active = sql`now() - ${`${VIEWER_ACTIVE_SECONDS} seconds`}::interval`;

/**
 * The viewers of players, shared by every server process (issue 19, fault 8; table `live_viewers`). An
 * admission counts and inserts under a transaction-scoped advisory lock of the output, so concurrent
 * sessions on several processes cannot both take the last place.
 */
export class ViewersRepository implements Viewers {
  constructor(private readonly db: Db) {}

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

  /**
   * One statement: renews the viewer's row, moving its last request to `previous_seen_at` inside the row's
   * own update (so two processes serving the same viewer never both accrue the same span), and counts the
   * other active viewers in the statement's snapshot.
   */
  async seen(outputId: string, viewerId: string): Promise<ViewerSeen> {
    const others = this.db
      .select({ n: count() })
      .from(liveViewers)
      .where(
        and(
          eq(liveViewers.outputId, outputId),
          sql`${liveViewers.viewerId} <> ${viewerId}`,
          gt(liveViewers.seenAt, active),
        ),
      );
    const [row] = await this.db
      .insert(liveViewers)
      .values({ outputId, viewerId })
      .onConflictDoUpdate({
        target: [liveViewers.outputId, liveViewers.viewerId],
        set: { previousSeenAt: sql`${liveViewers.seenAt}`, seenAt: sql`now()` },
      })
      .returning({
        watched: sql<number>`coalesce(extract(epoch from ${liveViewers.seenAt} - ${liveViewers.previousSeenAt}), 0)::float8`,
        others: sql<number>`(${others})::int`,
      });
    const watched = Number(row?.watched ?? 0);
    return {
      watchedSeconds: watched > VIEWER_ACTIVE_SECONDS ? 0 : Math.max(0, watched),
      watching: Number(row?.others ?? 0) + 1,
    };
  }

  /** Active viewers of several outputs: one grouped count. */
  async counts(outputIds: readonly string[]): Promise<Map<string, number>> {
    const found = new Map<string, number>(outputIds.map((id) => [id, 0]));
    if (outputIds.length === 0) return found;
    const rows = await this.db
      .select({ outputId: liveViewers.outputId, n: count() })
      .from(liveViewers)
      .where(and(inArray(liveViewers.outputId, [...outputIds]), gt(liveViewers.seenAt, active)))
      .groupBy(liveViewers.outputId);
    for (const r of rows) found.set(r.outputId, r.n);
    return found;
  }

  async leave(outputId: string, viewerId: string) {
    await this.db
      .delete(liveViewers)
      .where(and(eq(liveViewers.outputId, outputId), eq(liveViewers.viewerId, viewerId)));
  }

  async drop(outputId: string) {
    await this.db.delete(liveViewers).where(eq(liveViewers.outputId, outputId));
  }
}
