import type { Permission } from '@stromwerk/contracts/permissions';
import type { corporations, workspaces } from '../../db/schema/tenancy';
import { AppError, badRequest, forbidden, notFound } from '../../lib/app-error';
import { expand, grants, union } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessRepository, Grant } from './access.repository';

export type CorporationRow = typeof corporations.$inferSelect;
export type WorkspaceRow = typeof workspaces.$inferSelect;
const ALL: Permission[] = ['read', 'write', 'admin'];

/**
 * Where a caller holds a permission, as a condition a repository can put into its own statement: every
 * row (a platform administrator), or the rows of these corporations (a corporation-wide grant) and of
 * these workspaces (a workspace grant).
 */
export type TenantScope = 'all' | { corporationIds: string[]; workspaceIds: string[] };

/**
 * Every service asks here before it touches a tenant's rows. A caller without any membership gets 404 (the
 * resource's existence is not revealed); a member lacking the permission gets 403.
 */
export class AccessService {
  constructor(private readonly repo: AccessRepository) {}

  /**
   * The caller's memberships as read in this request: the auth hook loads them in the same statement as the
   * session (never cached across requests, so a removed member is refused at once); callers without them
   * (MQTT subscriptions) read them here once.
   */
  private async grants(actor: Actor): Promise<Grant[]> {
    actor.grants ??= await this.repo.grantsOf(actor.user.id);
    return actor.grants;
  }

  /** Permissions at corporation level; `visible` is true when the caller has any membership in it. */
  async corporationPermissions(actor: Actor, corporationId: string) {
    if (actor.user.isAdmin) return { permissions: ALL, visible: true };
    const rows = (await this.grants(actor)).filter((g) => g.corporationId === corporationId);
    const corpLevel = rows.find((r) => r.workspaceId === null);
    return { permissions: expand(corpLevel?.permissions ?? []), visible: rows.length > 0 };
  }

  async workspacePermissions(
    actor: Actor,
    workspace: { id: string; corporationId: string },
  ): Promise<Permission[]> {
    if (actor.user.isAdmin) return ALL;
    const rows = (await this.grants(actor)).filter(
      (g) =>
        g.corporationId === workspace.corporationId &&
        (g.workspaceId === null || g.workspaceId === workspace.id),
    );
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

  /**
   * `corporation(actor, id, 'read')`'s permissions for a caller whose memberships name the corporation:
   * they prove it exists and carry its blocked flag, so no query. Anyone else (an administrator, a
   * stranger) is decided by `corporation`.
   */
  async corporationRead(actor: Actor, corporationId: string): Promise<Permission[]> {
    if (!actor.user.isAdmin) {
      const rows = (await this.grants(actor)).filter((g) => g.corporationId === corporationId);
      if (rows.some((r) => r.corporationBlocked))
        throw new AppError('CORPORATION_BLOCKED', 'This corporation is blocked');
      if (rows.length > 0) return expand(rows.find((r) => r.workspaceId === null)?.permissions ?? []);
    }
    return (await this.corporation(actor, corporationId, 'read')).permissions;
  }

  async workspace(actor: Actor, workspaceId: string, need: Permission) {
    const row = await this.repo.workspaceWithCorporation(workspaceId);
    if (!row) throw notFound('Workspace');
    return this.decide(actor, row, need);
  }

  /** `workspace`'s decision on a workspace and corporation the caller's query already read (no query). */
  private async decide(
    actor: Actor,
    row: { workspace: WorkspaceRow; corporation: CorporationRow },
    need: Permission,
  ) {
    const permissions = await this.workspacePermissions(actor, row.workspace);
    if (permissions.length === 0) throw notFound('Workspace');
    this.checkBlocked(actor, row.corporation);
    if (!grants(permissions, need)) throw forbidden();
    return { ...row, permissions };
  }

  /**
   * `workspace(actor, id, need)` for a workspace whose corporation the caller already knows from rows of
   * it that were just read (a list's first row): decided on the caller's memberships alone, no query. A
   * platform administrator passes; anyone else needs a membership in it or its corporation (else 404, as
   * `workspace` answers) and an unblocked corporation (their membership rows carry the blocked flag).
   */
  async workspaceOfRows(actor: Actor, workspace: { id: string; corporationId: string }, need: Permission) {
    if (actor.user.isAdmin) return ALL;
    const permissions = await this.workspacePermissions(actor, workspace);
    if (permissions.length === 0) throw notFound('Workspace');
    const mine = (await this.grants(actor)).find((g) => g.corporationId === workspace.corporationId);
    if (mine?.corporationBlocked) throw new AppError('CORPORATION_BLOCKED', 'This corporation is blocked');
    if (!grants(permissions, need)) throw forbidden();
    return permissions;
  }

  /**
   * The decision on a list of one workspace whose page was read first (one statement for the whole list):
   * on the corporation its first row names, without a query (`workspaceOfRows`), or, for an empty page or
   * rows without a corporation, as `workspace` decides. The caller returns nothing before this resolves.
   */
  async workspaceList(
    actor: Actor,
    workspaceId: string,
    first: { corporationId: string | null } | undefined,
    need: Permission,
  ): Promise<Permission[]> {
    if (first?.corporationId)
      return this.workspaceOfRows(actor, { id: workspaceId, corporationId: first.corporationId }, need);
    return (await this.workspace(actor, workspaceId, need)).permissions;
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
   * `resource` for a row that names its own workspace and corporation (a source, a player): decided on
   * the caller's memberships as `workspaceOfRows` does, no look-up of the workspace and corporation. The
   * row proves the workspace exists (its foreign key), the memberships carry the corporation's blocked
   * flag; the answers are `resource`'s (a stranger gets 404 naming `what`).
   */
  async resourceOfRow(
    actor: Actor,
    row: { workspaceId: string; corporationId: string },
    need: Permission,
    what: string,
  ): Promise<Permission[]> {
    try {
      return await this.workspaceOfRows(
        actor,
        { id: row.workspaceId, corporationId: row.corporationId },
        need,
      );
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
    return this.memberWorkspaceIds(actor, corporationId);
  }

  /**
   * The workspaces the caller's own memberships reach (within an API key's scope), platform
   * administration aside: what is shared with "its workspaces" (social connections, issue 33).
   */
  async memberWorkspaceIds(actor: Actor, corporationId?: string): Promise<string[]> {
    // Memberships in blocked corporations (known from the grants) grant nothing to list.
    const mine = (await this.grants(actor)).filter(
      (g) => !g.corporationBlocked && (!corporationId || g.corporationId === corporationId),
    );
    const corpWide = [...new Set(mine.filter((m) => m.workspaceId === null).map((m) => m.corporationId))];
    const direct = new Set(mine.flatMap((m) => (m.workspaceId ? [m.workspaceId] : [])));
    // Workspace-level memberships name their workspaces; only corporation-wide ones need a look-up.
    if (corpWide.length > 0) for (const w of await this.repo.workspacesOf(corpWide)) direct.add(w.id);
    return [...direct];
  }

  /**
   * The rows the caller may `need` on, decided as `resourceOfRow` decides one row (permissions are
   * ordered, so a row's workspace holds `need` exactly when one of the caller's grants there does;
   * blocked corporations are left out): for a write that carries its own tenancy condition, one statement
   * instead of a read and a write (issue 32). A write that matches nothing must be decided again by
   * `resourceOfRow` on the row, for its precise answer (404, 403, blocked).
   */
  async scope(actor: Actor, need: Permission): Promise<TenantScope> {
    if (actor.user.isAdmin) return 'all';
    const held = (await this.grants(actor)).filter(
      (g) => !g.corporationBlocked && grants(g.permissions, need),
    );
    return {
      corporationIds: held.flatMap((g) => (g.workspaceId === null ? [g.corporationId] : [])),
      workspaceIds: held.flatMap((g) => (g.workspaceId === null ? [] : [g.workspaceId])),
    };
  }

  /**
   * Whether a user other than the caller holds `need` in a workspace through their own memberships (not
   * platform administration): a social connection's owner still may use it there (issue 20).
   */
  async userHolds(userId: string, workspace: { id: string; corporationId: string }, need: Permission) {
    const rows = (await this.repo.grantsOf(userId)).filter(
      (g) =>
        g.corporationId === workspace.corporationId &&
        !g.corporationBlocked &&
        (g.workspaceId === null || g.workspaceId === workspace.id),
    );
    return grants(union(...rows.map((r) => r.permissions)), need);
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
