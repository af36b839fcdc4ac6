import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { corporations, memberships, workspaces } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';

/** The rows AccessService decides on: memberships, corporations, workspaces. The decisions stay there. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

  /** A user's memberships in a corporation: its corporation level (workspaceId null) and its workspaces. */
  membershipsIn(userId: string, corporationId: string) {
    return this.db
      .select({ workspaceId: memberships.workspaceId, permissions: memberships.permissions })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.corporationId, corporationId)));
  }

  /** The memberships that grant a user rights in a workspace: corporation level and the workspace's own. */
  membershipsFor(userId: string, workspace: { id: string; corporationId: string }) {
    return this.db
      .select({ permissions: memberships.permissions })
      .from(memberships)
      .where(
        and(
          eq(memberships.userId, userId),
          eq(memberships.corporationId, workspace.corporationId),
          or(isNull(memberships.workspaceId), eq(memberships.workspaceId, workspace.id)),
        ),
      );
  }

  async corporationById(id: string) {
    const [row] = await this.db.select().from(corporations).where(eq(corporations.id, id));
    return row;
  }

  async workspaceWithCorporation(workspaceId: string) {
    const [row] = await this.db
      .select({ workspace: workspaces, corporation: corporations })
      .from(workspaces)
      .innerJoin(corporations, eq(corporations.id, workspaces.corporationId))
      .where(eq(workspaces.id, workspaceId));
    return row;
  }

  /** Every membership of a user, corporation level (workspaceId null) and workspace level. */
  membershipsOf(userId: string) {
    return this.db
      .select({ corporationId: memberships.corporationId, workspaceId: memberships.workspaceId })
      .from(memberships)
      .where(eq(memberships.userId, userId));
  }

  /** Workspaces of not blocked corporations: all of `corporationIds` plus the `workspaceIds` themselves. */
  unblockedWorkspaces(corporationIds: string[], workspaceIds: string[]) {
    return this.db
      .select({ id: workspaces.id, corporationId: workspaces.corporationId })
      .from(workspaces)
      .innerJoin(corporations, eq(corporations.id, workspaces.corporationId))
      .where(
        and(
          eq(corporations.blocked, false),
          or(
            corporationIds.length ? inArray(workspaces.corporationId, corporationIds) : undefined,
            workspaceIds.length ? inArray(workspaces.id, workspaceIds) : undefined,
          ),
        ),
      );
  }

  async userExists(userId: string) {
    const [row] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    return !!row;
  }

  /** True when the user has any membership in the corporation or one of its workspaces. */
  async isMemberOf(userId: string, corporationId: string) {
    const [row] = await this.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.corporationId, corporationId)))
      .limit(1);
    return !!row;
  }
}
