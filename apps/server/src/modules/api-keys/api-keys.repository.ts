import type { PageQuery } from '@stromwerk/contracts/common';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/identity';
import type { Db } from '../../plugins/db';
import { grantsOf, usersId } from '../access/access.repository';
import { escapeLike } from '../users/users.repository';

export type ApiKeyRow = typeof apiKeys.$inferSelect;

export class ApiKeysRepository {
  constructor(private readonly db: Db) {}

  async insert(values: typeof apiKeys.$inferInsert) {
    const [row] = await this.db.insert(apiKeys).values(values).returning();
    return row!;
  }

  async listOf(userId: string, limit: number, offset: number) {
    const where = eq(apiKeys.userId, userId);
    const [{ total }] = (await this.db.select({ total: count() }).from(apiKeys).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt))
      .limit(limit)
      .offset(offset);
    return { rows, total };
  }

  /**
   * Keys with their owners, newest first: one user's (`userId`) or everyone's (undefined). `search` matches
   * the key's name and prefix and the owner's name and email.
   */
  async listWithOwners(userId: string | undefined, q: PageQuery) {
    const filters: SQL[] = [];
    if (userId !== undefined) filters.push(eq(apiKeys.userId, userId));
    if (q.search) {
      const like = `%${escapeLike(q.search)}%`;
      filters.push(
        or(
          ilike(apiKeys.name, like),
          ilike(apiKeys.prefix, like),
          ilike(users.name, like),
          ilike(users.email, like),
        )!,
      );
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(where)) as [{ total: number }];
    const rows = await this.db
      .select({
        key: apiKeys,
        owner: { id: users.id, name: users.name, email: users.email, blocked: users.blocked },
      })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(where)
      .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total };
  }

  /** Invalidates a key; `userId` limits it to that user's own. Undefined when there is no such key. */
  async invalidate(id: string, userId: string | undefined) {
    const owner = userId === undefined ? undefined : eq(apiKeys.userId, userId);
    const [row] = await this.db
      .update(apiKeys)
      .set({ invalidated: true })
      .where(and(eq(apiKeys.id, id), owner))
      .returning();
    return row;
  }

  /** A valid (not invalidated) key by the hash of its secret, with the user it acts as. */
  async activeByHash(keyHash: string) {
    const [row] = await this.db
      .select({ key: apiKeys, user: users, grants: grantsOf(usersId) })
      .from(apiKeys)
      .innerJoin(users, eq(users.id, apiKeys.userId))
      .where(and(eq(apiKeys.keyHash, keyHash), eq(apiKeys.invalidated, false)));
    return row;
  }

  async markUsed(id: string) {
    await this.db.update(apiKeys).set({ lastUsedAt: new Date() }).where(eq(apiKeys.id, id));
  }
}
