import type { ApiKey, CreatedApiKey } from '@stromwerk/contracts/api-keys';
import type { PageQuery } from '@stromwerk/contracts/common';
import { and, count, desc, eq } from 'drizzle-orm';
import { apiKeys, users } from '../../db/schema/identity';
import { forbidden, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import { randomSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { Db } from '../../plugins/db';

type ApiKeyRow = typeof apiKeys.$inferSelect;
const KEY_PREFIX = 'swk_';

const toApiKey = (r: ApiKeyRow): ApiKey => ({
  id: r.id,
  userId: r.userId,
  name: r.name,
  prefix: r.prefix,
  invalidated: r.invalidated,
  lastUsedAt: isoOrNull(r.lastUsedAt),
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/** API keys act as their user. The key is shown once at creation; only its hash is kept. */
export class ApiKeysService {
  constructor(private readonly db: Db) {}

  /** The caller's own keys, or (platform admin) an existing user's: an unknown user id is a 404. */
  private async ownerCheck(actor: Actor, userId: string) {
    if (actor.user.id === userId) return;
    if (!actor.user.isAdmin) throw notFound('User');
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw notFound('User');
  }

  async create(actor: Actor, userId: string, name: string): Promise<CreatedApiKey> {
    await this.ownerCheck(actor, userId);
    // A key cannot mint further keys: that would let a leaked key outlive its invalidation.
    if (actor.via === 'api-key') throw forbidden('An API key cannot create API keys; log in to create one');
    const key = `${KEY_PREFIX}${randomSecret(32)}`;
    const [row] = await this.db
      .insert(apiKeys)
      .values({ userId, name, prefix: key.slice(0, KEY_PREFIX.length + 6), keyHash: sha256(key) })
      .returning();
    return { ...toApiKey(row!), key };
  }

  async list(actor: Actor, userId: string, q: PageQuery) {
    await this.ownerCheck(actor, userId);
    const where = eq(apiKeys.userId, userId);
    const [{ total }] = (await this.db.select({ total: count() }).from(apiKeys).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(apiKeys)
      .where(where)
      .orderBy(desc(apiKeys.createdAt))
      .limit(q.limit)
      .offset(q.offset);
    return { items: rows.map(toApiKey), total, limit: q.limit, offset: q.offset };
  }

  async invalidate(actor: Actor, id: string) {
    const owner = actor.user.isAdmin ? undefined : eq(apiKeys.userId, actor.user.id);
    const [row] = await this.db
      .update(apiKeys)
      .set({ invalidated: true })
      .where(and(eq(apiKeys.id, id), owner))
      .returning();
    if (!row) throw notFound('API key');
    return toApiKey(row);
  }
}
