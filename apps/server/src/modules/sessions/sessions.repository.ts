import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity';
import { memberships } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import type { Db } from '../../plugins/db';
import { grantsOf, usersId } from '../access/access.repository';

export type SessionRow = typeof sessions.$inferSelect;
/** A session with its user and the user's grants, as one look-up reads them. */
export type SessionWithUser = Awaited<ReturnType<typeof lookup>>[number];
const lookup = (db: Db) =>
  db
    .select({ session: sessions, user: users, grants: grantsOf(usersId) })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId));
type Waiter = { resolve: (row: SessionWithUser | undefined) => void; reject: (err: unknown) => void };

export class SessionsRepository {
  /**
   * The statement of every authenticated request, built once (a prepared statement on PostgreSQL): the
   * session by primary key, its user, and the user's memberships with their corporations' blocked flag.
   */
  private readonly sessionLookup;
  /** The same for many sessions at once (`withUser`'s batches). */
  private readonly sessionsLookup;
  /** Sessions asked for since the last look-up started, each with its waiting callers. */
  private pending: Map<string, Waiter[]> | undefined;
  private looking = false;

  constructor(private readonly db: Db) {
    this.sessionLookup = lookup(db)
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare('stromwerk_session_lookup');
    this.sessionsLookup = lookup(db)
      .where(sql`${sessions.id} = any(${sql.placeholder('ids')}::uuid[])`)
      .prepare('stromwerk_sessions_lookup');
  }

  async insert(values: typeof sessions.$inferInsert, db: Executor = this.db) {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  }

  /**
   * The one lookup per request the identity cache cannot answer: the session by primary key with its user
   * and the user's memberships. Sessions asked for while a look-up runs, or in the same turn of the event
   * loop, are read together in the next one: after a restart every browser comes back at once with a
   * session no cache holds (1,000 MQTT reconnections were 1,000 statements; on PGlite they queue one
   * behind the other). A look-up never takes a caller into one already sent, so every row is read after
   * its caller asked (the identity cache's generation rule depends on it).
   */
  withUser(id: string): Promise<SessionWithUser | undefined> {
    return new Promise((resolve, reject) => {
      if (!this.pending) {
        this.pending = new Map();
        if (!this.looking) setImmediate(() => void this.lookUp());
      }
      const waiting = this.pending.get(id);
      if (waiting) waiting.push({ resolve, reject });
      else this.pending.set(id, [{ resolve, reject }]);
    });
  }

  private async lookUp() {
    const batch = this.pending;
    this.pending = undefined;
    if (!batch) return;
    this.looking = true;
    try {
      const ids = [...batch.keys()];
      const rows =
        ids.length === 1
          ? await this.sessionLookup.execute({ id: ids[0]! })
          : await this.sessionsLookup.execute({ ids });
      const byId = new Map(rows.map((row) => [row.session.id, row]));
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(byId.get(id));
    } catch (err) {
      for (const waiters of batch.values()) for (const w of waiters) w.reject(err);
    } finally {
      this.looking = false;
      if (this.pending) setImmediate(() => void this.lookUp());
    }
  }

  async touch(id: string, lastUsedAt: Date, expiry: Date) {
    await this.db.update(sessions).set({ lastUsedAt, expiry }).where(eq(sessions.id, id));
  }

  async active(userId: string) {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiry, new Date())))
      .orderBy(desc(sessions.lastUsedAt));
  }

  /** Marks the user's open sessions matching `where` revoked; returns their ids. */
  async revoke(userId: string, where?: SQL) {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), where))
      .returning({ id: sessions.id });
    return rows.map((r) => r.id);
  }

  revokeOne(userId: string, id: string) {
    return this.revoke(userId, eq(sessions.id, id));
  }

  revokeAll(userId: string, exceptId?: string) {
    return this.revoke(userId, exceptId ? ne(sessions.id, exceptId) : undefined);
  }

  /** Ended sessions are kept a day for the record, then removed (per user, on login). */
  async purge(userId: string, db: Executor = this.db) {
    const dayAgo = new Date(Date.now() - 86_400_000);
    await db
      .delete(sessions)
      .where(
        and(eq(sessions.userId, userId), or(lt(sessions.expiry, dayAgo), lt(sessions.revokedAt, dayAgo))),
      );
  }

  async memberIdsOf(corporationId: string) {
    const rows = await this.db
      .selectDistinct({ userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.corporationId, corporationId));
    return rows.map((r) => r.userId);
  }
}
