import type { ApiKey, CreatedApiKey } from '@stromwerk/contracts/api-keys';
import type { PageQuery } from '@stromwerk/contracts/common';
import { forbidden, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import { randomSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { IdentityCache } from '../access/identity-cache';
import type { UsersRepository } from '../users/users.repository';
import type { ApiKeyRow, ApiKeysRepository } from './api-keys.repository';

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
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly identity: IdentityCache,
  ) {}

  /**
   * A valid key with the user it acts as and their memberships: one statement, or none when the identity
   * cache holds it. Last use is written at most once a minute.
   */
  async resolve(secret: string) {
    const hash = sha256(secret);
    const cacheKey = `k:${hash}`;
    let row = this.identity.get(cacheKey) as Awaited<ReturnType<ApiKeysRepository['activeByHash']>>;
    if (!row) {
      const generation = this.identity.generation();
      row = await this.repo.activeByHash(hash);
      if (!row) return undefined;
      this.identity.set(cacheKey, row, generation);
    }
    const now = Date.now();
    if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > 60_000) {
      row.key.lastUsedAt = new Date(now);
      await this.repo.markUsed(row.key.id);
    }
    return row;
  }

  /** The caller's own keys, or (platform admin) an existing user's: an unknown user id is a 404. */
  private async ownerCheck(actor: Actor, userId: string) {
    if (actor.user.id === userId) return;
    if (!actor.user.isAdmin) throw notFound('User');
    if (!(await this.users.exists(userId))) throw notFound('User');
  }

  async create(actor: Actor, userId: string, name: string): Promise<CreatedApiKey> {
    await this.ownerCheck(actor, userId);
    // A key cannot mint further keys: that would let a leaked key outlive its invalidation.
    if (actor.via === 'api-key') throw forbidden('An API key cannot create API keys; log in to create one');
    const key = `${KEY_PREFIX}${randomSecret(32)}`;
    const row = await this.repo.insert({
      userId,
      name,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: sha256(key),
    });
    return { ...toApiKey(row), key };
  }

  async list(actor: Actor, userId: string, q: PageQuery) {
    await this.ownerCheck(actor, userId);
    const { rows, total } = await this.repo.listOf(userId, q.limit, q.offset);
    return { items: rows.map(toApiKey), total, limit: q.limit, offset: q.offset };
  }

  async invalidate(actor: Actor, id: string) {
    const row = await this.repo.invalidate(id, actor.user.isAdmin ? undefined : actor.user.id);
    if (!row) throw notFound('API key');
    await this.identity.forget({ userId: row.userId });
    return toApiKey(row);
  }
}
