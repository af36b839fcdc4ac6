import type { Permission } from '@stromwerk/contracts/permissions';
import type { corporations, workspaces } from '../../db/schema/tenancy';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { expand, grants, union } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessRepository } from './access.repository';

export type CorporationRow = typeof corporations.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
const ALL: Permission[] = ['read', 'write', 'admin'];

/**
 * Every service asks here before it touches a tenant's rows. A caller without any membership gets 404 (the
 * resource's existence is not revealed); a member lacking the permission gets 403.
 */
export class AccessService {
  constructor(private readonly repo: AccessRepository) {}

  /** Permissions at corporation level; `visible` is true when the caller has any membership in it. */
  async corporationPermissions(actor: Actor, corporationId: string) {
    if (actor.user.isAdmin) return { permissions: ALL, visible: true };
    const rows = await this.repo.membershipsIn(actor.user.id, corporationId);
    const corpLevel = rows.find((r) => r.workspaceId === null);
    return { permissions: expand(corpLevel?.permissions ?? []), visible: rows.length > 0 };
  }

  async workspacePermissions(actor: Actor, workspace: WorkspaceRow): Promise<Permission[]> {
    if (actor.user.isAdmin) return ALL;
    const rows = await this.repo.membershipsFor(actor.user.id, workspace);
    return union(...rows.map((r) => r.permissions));
  }

  async corporation(actor: Actor, corporationId: string, need: Permission) {
    const corporation = await this.repo.corporationById(corporationId);
    if (!corporation) throw notFound('Corporation');
    const { permissions, visible } = await this.corporationPermissions(actor, corporationId);
    if (!visible) throw notFound('Corporation');
    this.checkBlocked(actor, corporation);
    // Reading a corporation only needs a membership somewhere in it; changing it needs corporation-level rights.
    if (need !== 'read' && !grants(permissions, need)) throw forbidden();
    return { corporation, permissions };
  }

  async workspace(actor: Actor, workspaceId: string, need: Permission) {
    const row = await this.repo.workspaceWithCorporation(workspaceId);
    if (!row) throw notFound('Workspace');
    const permissions = await this.workspacePermissions(actor, row.workspace);
    if (permissions.length === 0) throw notFound('Workspace');
    this.checkBlocked(actor, row.corporation);
    if (!grants(permissions, need)) throw forbidden();
    return { ...row, permissions };
  }

  /**
   * Access to a resource that lives in a workspace: a caller without any membership learns only that the
   * resource (named `what`) is not found, not that its workspace exists.
   */
  async resource(actor: Actor, workspaceId: string, need: Permission, what: string) {
    try {
      return await this.workspace(actor, workspaceId, need);
    } catch (e) {
      throw e instanceof AppError && e.statusCode === 404 ? notFound(what) : e;
    }
  }

  /**
   * Workspaces whose resources a caller may list; undefined means all (platform admin). Blocked
   * corporations' workspaces are left out for everyone else.
   */
  async visibleWorkspaceIds(actor: Actor, corporationId?: string): Promise<string[] | undefined> {
    if (actor.user.isAdmin) return undefined;
    const mine = await this.repo.membershipsOf(actor.user.id);
    const corpWide = mine.filter((m) => m.workspaceId === null).map((m) => m.corporationId);
    const direct = mine.flatMap((m) => (m.workspaceId ? [m.workspaceId] : []));
    if (corpWide.length === 0 && direct.length === 0) return [];
    const rows = await this.repo.unblockedWorkspaces(corpWide, direct);
    return rows.filter((r) => !corporationId || r.corporationId === corporationId).map((r) => r.id);
  }

  /**
   * Whose permissions an administrator of the corporation may set: people who already belong to it (any
   * membership in it or one of its workspaces). Everyone else joins by accepting an invitation, so nobody
   * is put into a stranger's corporation without consent; platform administrators may assign anyone.
   * An unknown user and a user outside the corporation get the same answer.
   */
  async assertGrantable(actor: Actor, userId: string, corporationId: string) {
    const known = actor.user.isAdmin
      ? await this.repo.userExists(userId)
      : await this.repo.isMemberOf(userId, corporationId);
    if (!known) throw badRequest('userId', 'Not a member of this corporation: invite them instead');
  }

  private checkBlocked(actor: Actor, corporation: CorporationRow) {
    if (corporation.blocked && !actor.user.isAdmin) {
      throw new AppError('CORPORATION_BLOCKED', 'This corporation is blocked');
    }
  }
}
