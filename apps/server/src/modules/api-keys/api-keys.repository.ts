import { and, count, desc, eq } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/identity';
import type { Db } from '../../plugins/db';
import { grantsOf, usersId } from '../access/access.repository';

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
