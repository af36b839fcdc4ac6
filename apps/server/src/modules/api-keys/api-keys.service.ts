import type {
  ApiKey,
  ApiKeyScope,
  CreateApiKeyBody,
  CreatedApiKey,
  ListedApiKey,
} from '@stromwerk/contracts/api-keys';
import type { PageQuery } from '@stromwerk/contracts/common';
import { forbidden, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import { expand } from '../../lib/permissions';
import { randomSecret, sha256 } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { Grant } from '../access/access.repository';
import type { AccessService } from '../access/access.service';
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
  expiresAt: isoOrNull(r.expiresAt),
  scope: r.scope ?? null,
  createdAt: iso(r.createdAt),
  updatedAt: iso(r.updatedAt),
});

/**
 * The memberships a scoped key acts with: only those reaching its corporation (and workspace), each capped
 * at the scope's permission. A corporation-wide membership becomes one for the scoped workspace only.
 */
export function scopedGrants(grants: Grant[], scope: ApiKeyScope): Grant[] {
  const cap = expand([scope.permission]);
  return grants
    .filter(
      (g) =>
        g.corporationId === scope.corporationId &&
        (scope.workspaceId === null || g.workspaceId === null || g.workspaceId === scope.workspaceId),
    )
    .map((g) => ({
      ...g,
      workspaceId: scope.workspaceId ?? g.workspaceId,
      permissions: expand(g.permissions).filter((p) => cap.includes(p)),
    }))
    .filter((g) => g.permissions.length > 0);
}

/** API keys act as their user. The key is shown once at creation; only its hash is kept. */
export class ApiKeysService {
  constructor(
    private readonly repo: ApiKeysRepository,
    private readonly users: UsersRepository,
    private readonly identity: IdentityCache,
    private readonly access: AccessService,
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
    if (row.key.expiresAt && row.key.expiresAt.getTime() <= now) return undefined;
    if (!row.key.lastUsedAt || now - row.key.lastUsedAt.getTime() > 60_000) {
      row.key.lastUsedAt = new Date(now);
      await this.repo.markUsed(row.key.id);
    }
    if (!row.key.scope) return row;
    // A scoped key never carries platform administration, and reaches only its scope.
    const scope = row.key.scope;
    return { ...row, user: { ...row.user, isAdmin: false }, grants: scopedGrants(row.grants, scope) };
  }

  /** The caller's own keys, or (platform admin) an existing user's: an unknown user id is a 404. */
  private async ownerCheck(actor: Actor, userId: string) {
    if (actor.user.id === userId) return;
    if (!actor.user.isAdmin) throw notFound('User');
    if (!(await this.users.exists(userId))) throw notFound('User');
  }

  async create(actor: Actor, userId: string, body: CreateApiKeyBody): Promise<CreatedApiKey> {
    await this.ownerCheck(actor, userId);
    // A key cannot mint further keys: that would let a leaked key outlive its invalidation.
    if (actor.via === 'api-key') throw forbidden('An API key cannot create API keys; log in to create one');
    const scope = body.scope ? { ...body.scope, workspaceId: body.scope.workspaceId ?? null } : null;
    if (scope) await this.checkScope(actor, userId, scope);
    const key = `${KEY_PREFIX}${randomSecret(32)}`;
    const row = await this.repo.insert({
      userId,
      name: body.name,
      expiresAt: body.expiresAt ? new Date(body.expiresAt) : null,
      scope,
      prefix: key.slice(0, KEY_PREFIX.length + 6),
      keyHash: sha256(key),
    });
    return { ...toApiKey(row), key };
  }

  /** The key's owner must hold the scope's permission there (a 404 for what they cannot see). */
  private async checkScope(actor: Actor, userId: string, scope: ApiKeyScope) {
    const owner: Actor =
      actor.user.id === userId ? actor : { user: (await this.users.byId(userId))!, via: 'session' };
    if (scope.workspaceId) {
      const { workspace } = await this.access.workspace(owner, scope.workspaceId, scope.permission);
      if (workspace.corporationId !== scope.corporationId) throw notFound('Workspace');
    } else {
      const { permissions } = await this.access.corporation(owner, scope.corporationId, 'read');
      if (!permissions.includes(scope.permission)) throw forbidden();
    }
  }

  async list(actor: Actor, userId: string, q: PageQuery) {
    await this.ownerCheck(actor, userId);
    const { rows, total } = await this.repo.listOf(userId, q.limit, q.offset);
    return { items: rows.map(toApiKey), total, limit: q.limit, offset: q.offset };
  }

  /** `GET /v1/api-keys`: every key with its owner for a platform administrator, else the caller's own. */
  async listWithOwners(actor: Actor, q: PageQuery) {
    const { rows, total } = await this.repo.listWithOwners(actor.user.isAdmin ? undefined : actor.user.id, q);
    const items: ListedApiKey[] = rows.map((r) => ({ ...toApiKey(r.key), owner: r.owner }));
    return { items, total, limit: q.limit, offset: q.offset };
  }

  async invalidate(actor: Actor, id: string) {
    const row = await this.repo.invalidate(id, actor.user.isAdmin ? undefined : actor.user.id);
    if (!row) throw notFound('API key');
    await this.identity.forget({ userId: row.userId });
    return toApiKey(row);
  }
}
