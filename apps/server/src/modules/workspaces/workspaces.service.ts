import type { PageQuery } from '@stromwerk/contracts/common';
import type { Permission, SetUserPermissionsBody } from '@stromwerk/contracts/permissions';
import type { CreateWorkspaceBody, WorkspaceListQuery } from '@stromwerk/contracts/workspaces';
import { type EventBus, memberChange } from '../../lib/events';
import { grants } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { IdentityCache } from '../access/identity-cache';
import type { MembershipsRepository } from '../access/memberships.repository';
import type { UsageService } from '../usage/usage.service';
import { toWorkspace, type WorkspacesRepository } from './workspaces.repository';

export class WorkspacesService {
  constructor(
    private readonly usage: UsageService,
    private readonly repo: WorkspacesRepository,
    private readonly access: AccessService,
    private readonly memberships: MembershipsRepository,
    private readonly events: EventBus,
    private readonly identity: IdentityCache,
  ) {}

  async list(actor: Actor, query: WorkspaceListQuery) {
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const { rows, total } = await this.repo.list({
      ...query,
      // A scoped API key lists its scope only, not the names of its user's other workspaces.
      corporationId: query.corporationId ?? actor.scope?.corporationId,
      workspaceId: actor.scope?.workspaceId ?? undefined,
      userId: actor.user.isAdmin ? undefined : actor.user.id,
    });
    const items = await Promise.all(
      rows.map(async (r) => toWorkspace(r, await this.access.workspacePermissions(actor, r))),
    );
    return { items, total, limit: query.limit, offset: query.offset };
  }

  async listOfCorporation(actor: Actor, corporationId: string, query: PageQuery) {
    return this.list(actor, { ...query, corporationId });
  }

  async create(actor: Actor, body: CreateWorkspaceBody) {
    const { corporation } = await this.access.corporation(actor, body.corporationId, 'write');
    const existing = await this.repo.countIn(corporation.id);
    await this.usage.assertRoom(corporation.id, 'maxWorkspaces', existing, 'workspaces');
    const row = await this.repo.create({
      corporationId: corporation.id,
      name: body.name,
      sortIndex: existing,
    });
    this.emit(row.corporationId, row.id, 'created');
    return toWorkspace(row, await this.access.workspacePermissions(actor, row));
  }

  async get(actor: Actor, id: string) {
    const { workspace, permissions } = await this.access.workspace(actor, id, 'read');
    return toWorkspace(workspace, permissions);
  }

  async update(actor: Actor, id: string, name: string) {
    const { permissions } = await this.access.workspace(actor, id, 'write');
    const row = await this.repo.update(id, { name });
    this.emit(row.corporationId, id, 'updated');
    return toWorkspace(row, permissions);
  }

  /** Deleting a workspace removes everything in it: corporation administrators only. */
  async delete(actor: Actor, id: string) {
    const { workspace } = await this.access.workspace(actor, id, 'read');
    await this.access.corporation(actor, workspace.corporationId, 'admin');
    await this.repo.delete(id);
    // Its memberships went with it (cascade): drop the cached memberships of the corporation's members.
    await this.identity.forget({ corporationId: workspace.corporationId });
    this.emit(workspace.corporationId, id, 'deleted');
  }

  async hasAccess(actor: Actor, id: string, permission: Permission) {
    const { permissions } = await this.access.workspace(actor, id, 'read');
    return { access: grants(permissions, permission), permissions };
  }

  async setUserPermissions(actor: Actor, id: string, body: SetUserPermissionsBody) {
    const { workspace } = await this.access.workspace(actor, id, 'admin');
    await this.access.assertGrantable(actor, body.userId, workspace.corporationId);
    await this.memberships.set(body.userId, workspace.corporationId, id, body.permissions);
    await this.identity.forget({ userId: body.userId });
    this.emit(workspace.corporationId, id, 'updated');
    this.events.changed(memberChange(body.userId, workspace.corporationId, id, body.permissions));
  }

  async members(actor: Actor, id: string, query: PageQuery) {
    const { workspace } = await this.access.workspace(actor, id, 'read');
    const { rows, total } = await this.memberships.members(
      workspace.corporationId,
      id,
      query.limit,
      query.offset,
    );
    return { items: rows, total, limit: query.limit, offset: query.offset };
  }

  private emit(corporationId: string, id: string, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({ type: 'workspace', action, id, corporationId, workspaceId: id });
  }
}
