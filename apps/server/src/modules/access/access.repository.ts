import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { corporations, memberships, workspaces } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';
import type { TenantScope } from './access.service';

/**
 * `AccessService.scope` as a condition on a row's corporation and workspace columns (or any expressions
 * naming them), for a write that carries its own tenancy decision. `inScope` takes the scope as values;
 * a prepared statement takes `scopeCondition` with placeholders and `scopeParams(scope)` at each run.
 */
export function scopeCondition(
  corporationId: SQL,
  workspaceId: SQL,
  all: SQL,
  corporations: SQL,
  workspaces: SQL,
) {
  const ids = (list: SQL) => sql`string_to_array(${list}, ',')::uuid[]`;
  return sql`(${all}::boolean or ${corporationId} = any(${ids(corporations)}) or ${workspaceId} = any(${ids(workspaces)}))`;
}

export function scopeParams(scope: TenantScope) {
  return {
    all: scope === 'all',
    corporations: scope === 'all' ? '' : scope.corporationIds.join(','),
    workspaces: scope === 'all' ? '' : scope.workspaceIds.join(','),
  };
}

export function inScope(scope: TenantScope, corporationId: SQL, workspaceId: SQL): SQL {
  const p = scopeParams(scope);
  return scopeCondition(
    corporationId,
    workspaceId,
    sql`${p.all}`,
    sql`${p.corporations}`,
    sql`${p.workspaces}`,
  );
}

/** One membership of the caller, with whether its corporation is blocked: what access decisions read. */
export interface Grant {
  corporationId: string;
  workspaceId: string | null;
  permissions: string[];
  corporationBlocked: boolean;
}

/** `"users"."id"` spelled out: Drizzle leaves a column unqualified in a one-table select, and inside the
 * subquery below a bare "id" would be the membership's own id. */
export const usersId = sql`${users}.${sql.identifier('id')}`;

/**
 * Every membership of a user (an id, or `usersId` of the outer query), as one JSON array: the session
 * lookup selects it beside the user, so authentication and the caller's memberships are one statement.
 */
export function grantsOf(userId: SQL | string): SQL<Grant[]> {
  return sql<Grant[]>`coalesce((select json_agg(json_build_object(
      'corporationId', m.corporation_id, 'workspaceId', m.workspace_id,
      'permissions', m.permissions, 'corporationBlocked', c.blocked))
    from ${memberships} m join ${corporations} c on c.id = m.corporation_id
    where m.user_id = ${userId}), '[]'::json)`;
}

/** The rows AccessService decides on: memberships, corporations, workspaces. The decisions stay there. */
export class AccessRepository {
  constructor(private readonly db: Db) {}

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
  async grantsOf(userId: string): Promise<Grant[]> {
    const [row] = await this.db
      .select({ grants: grantsOf(userId) })
      .from(users)
      .where(eq(users.id, userId));
    return row?.grants ?? [];
  }

  /** Ids of the workspaces of these corporations. */
  workspacesOf(corporationIds: string[]) {
    return this.db
      .select({ id: workspaces.id, corporationId: workspaces.corporationId })
      .from(workspaces)
      .where(inArray(workspaces.corporationId, corporationIds));
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
