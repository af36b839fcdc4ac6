import { and, desc, eq, gt, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import { sessions, users } from '../../db/schema/identity';
import { memberships } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import type { Db } from '../../plugins/db';
import { grantsOf, usersId } from '../access/access.repository';

export type SessionRow = typeof sessions.$inferSelect;

export class SessionsRepository {
  /**
   * The statement of every authenticated request, built once (a prepared statement on PostgreSQL): the
   * session by primary key, its user, and the user's memberships with their corporations' blocked flag.
   */
  private readonly sessionLookup;

  constructor(private readonly db: Db) {
    this.sessionLookup = db
      .select({ session: sessions, user: users, grants: grantsOf(usersId) })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, sql.placeholder('id')))
      .prepare('stromwerk_session_lookup');
  }

  async insert(values: typeof sessions.$inferInsert, db: Executor = this.db) {
    const [row] = await db.insert(sessions).values(values).returning();
    return row!;
  }

  /** The one lookup per request: the session by primary key with its user and the user's memberships. */
  async withUser(id: string) {
    const [row] = await this.sessionLookup.execute({ id });
    return row;
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
