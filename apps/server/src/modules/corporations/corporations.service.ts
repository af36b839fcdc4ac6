import type { Page, PageQuery } from '@stromwerk/contracts/common';
import type { CreateCorporationBody, UpdateCorporationBody } from '@stromwerk/contracts/corporations';
import {
  features as allFeatures,
  type Permission,
  type SetUserPermissionsBody,
} from '@stromwerk/contracts/permissions';
import { withTransaction } from '../../db/transaction';
import { AppError, badRequest } from '../../lib/app-error';
import { type EventBus, memberChange } from '../../lib/events';
import { expand, grants } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { Db } from '../../plugins/db';
import type { AccessService } from '../access/access.service';
import type { IdentityCache } from '../access/identity-cache';
import type { MembershipsRepository } from '../access/memberships.repository';
import type { SessionsService } from '../sessions/sessions.service';
import { type CorporationsRepository, toCorporation } from './corporations.repository';

export class CorporationsService {
  constructor(
    private readonly db: Db,
    private readonly repo: CorporationsRepository,
    private readonly access: AccessService,
    private readonly memberships: MembershipsRepository,
    private readonly events: EventBus,
    private readonly identity: IdentityCache,
    private readonly sessions: SessionsService,
  ) {}

  async list(actor: Actor, query: PageQuery & { userId?: string }) {
    const userId = query.userId ?? (actor.user.isAdmin ? undefined : actor.user.id);
    // A scoped API key lists its own corporation only.
    const { rows, total } = await this.repo.list({
      ...query,
      userId,
      corporationId: actor.scope?.corporationId,
    });
    const mine = await this.memberships.ofUser(actor.user.id);
    const permsOf = (id: string): Permission[] =>
      actor.user.isAdmin
        ? ['read', 'write', 'admin']
        : expand(mine.find((m) => m.corporationId === id && m.workspaceId === null)?.permissions ?? []);
    return {
      items: rows.map((r) => toCorporation(r, permsOf(r.id))),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  /** The corporations of a user: the user themself or a platform admin may ask. */
  async listOfUser(
    actor: Actor,
    userId: string,
    query: PageQuery,
  ): Promise<Page<ReturnType<typeof toCorporation>>> {
    if (actor.user.id !== userId && !actor.user.isAdmin) {
      throw new AppError('NOT_FOUND', 'User not found');
    }
    return this.list(actor, { ...query, userId });
  }

  async create(actor: Actor, body: CreateCorporationBody) {
    const row = await withTransaction(this.db, async (tx) => {
      const created = await this.repo.create(body.name, [...allFeatures], tx);
      await this.memberships.set(actor.user.id, created.id, null, ['admin'], tx);
      return created;
    });
    // The creator's new membership: their cached memberships are out of date.
    await this.identity.forget({ userId: actor.user.id });
    this.emit(row.id, 'created');
    return toCorporation(row, ['read', 'write', 'admin']);
  }

  async get(actor: Actor, id: string) {
    const { corporation, permissions } = await this.access.corporation(actor, id, 'read');
    return toCorporation(corporation, permissions);
  }

  async update(actor: Actor, id: string, body: UpdateCorporationBody) {
    const { permissions } = await this.access.corporation(actor, id, 'admin');
    // Features are what the operator grants a corporation; its own admins may rename it, not widen them.
    if (body.features && !actor.user.isAdmin) {
      throw new AppError('FORBIDDEN', 'features: Only platform administrators may change features');
    }
    const row = await this.repo.update(id, body);
    await this.identity.forget({ corporationId: id });
    this.emit(id, 'updated');
    return toCorporation(row, permissions);
  }

  async delete(actor: Actor, id: string) {
    await this.access.corporation(actor, id, 'admin');
    await this.repo.delete(id);
    await this.identity.forget({ corporationId: id });
    this.emit(id, 'deleted');
  }

  async setBlocked(id: string, actor: Actor, blocked: boolean) {
    const { permissions } = await this.access.corporation(actor, id, 'read');
    const row = await this.repo.update(id, { blocked });
    // Every member's cached memberships carry the blocked flag.
    await this.identity.forget({ corporationId: id });
    this.emit(id, 'updated');
    // Members keep their accounts but lose the corporation: their live subscriptions re-authorize now.
    if (blocked) await this.sessions.disconnectMembers(id);
    return toCorporation(row, permissions);
  }

  async hasAccess(actor: Actor, id: string, permission: Permission) {
    const { permissions } = await this.access.corporation(actor, id, 'read');
    return { access: grants(permissions, permission), permissions };
  }

  async setUserPermissions(actor: Actor, id: string, body: SetUserPermissionsBody) {
    await this.access.corporation(actor, id, 'admin');
    await this.access.assertGrantable(actor, body.userId, id);
    const keepsAdmin = body.permissions.includes('admin');
    if (
      !keepsAdmin &&
      (await this.isAdminOf(body.userId, id)) &&
      (await this.memberships.countAdmins(id)) <= 1
    ) {
      throw new AppError('CONFLICT', 'permissions: A corporation needs at least one administrator');
    }
    await this.memberships.set(body.userId, id, null, body.permissions);
    await this.identity.forget({ userId: body.userId });
    this.emit(id, 'updated');
    this.events.changed(memberChange(body.userId, id, null, body.permissions));
  }

  private async isAdminOf(userId: string, corporationId: string) {
    const ids = await this.memberships.corporationIdsOf(userId, true);
    return ids.includes(corporationId);
  }

  async members(actor: Actor, id: string, query: PageQuery) {
    const { permissions } = await this.access.corporation(actor, id, 'read');
    // Members of single workspaces see their workspace's members, not everyone's email in the corporation.
    if (!grants(permissions, 'read'))
      throw new AppError('FORBIDDEN', 'Corporation members are visible to corporation members only');
    const { rows, total } = await this.memberships.members(id, null, query.limit, query.offset);
    return { items: rows, total, limit: query.limit, offset: query.offset };
  }

  /** Every membership of the corporation and its workspaces (administrators: the member list in one read). */
  async membershipsOf(actor: Actor, id: string, query: PageQuery) {
    await this.access.corporation(actor, id, 'admin');
    const { rows, total } = await this.memberships.allOf(id, query.limit, query.offset);
    return { items: rows, total, limit: query.limit, offset: query.offset };
  }

  async setWorkspaceSorting(actor: Actor, id: string, workspaceIds: string[]) {
    await this.access.corporation(actor, id, 'write');
    const rows = await this.repo.workspaceCorporations(workspaceIds);
    const foreign = workspaceIds.find((w) => !rows.some((r) => r.id === w && r.corporationId === id));
    if (foreign) throw badRequest('workspaceIds', `Workspace ${foreign} is not in this corporation`);
    await this.repo.setWorkspaceOrder(workspaceIds);
    this.emit(id, 'updated');
  }

  private emit(id: string, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({ type: 'corporation', action, id, corporationId: id });
  }
}
