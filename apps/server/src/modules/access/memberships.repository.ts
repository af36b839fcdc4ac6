import type { Permission } from '@stromwerk/contracts/permissions';
import { and, asc, count, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { users } from '../../db/schema/identity';
import { memberships } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import { expand } from '../../lib/permissions';
import type { Db } from '../../plugins/db';

const scope = (corporationId: string, workspaceId: string | null): SQL =>
  and(
    eq(memberships.corporationId, corporationId),
    workspaceId ? eq(memberships.workspaceId, workspaceId) : isNull(memberships.workspaceId),
  )!;

export class MembershipsRepository {
  constructor(private readonly db: Db) {}

  /** Sets a user's permissions in a scope; an empty list removes the membership. */
  async set(
    userId: string,
    corporationId: string,
    workspaceId: string | null,
    permissions: Permission[],
    db: Executor = this.db,
  ) {
    if (permissions.length === 0) {
      await db
        .delete(memberships)
        .where(and(eq(memberships.userId, userId), scope(corporationId, workspaceId)));
      return;
    }
    const stored = expand(permissions);
    await db
      .insert(memberships)
      .values({ userId, corporationId, workspaceId, permissions: stored })
      .onConflictDoUpdate({
        target: [memberships.userId, memberships.corporationId, memberships.workspaceId],
        set: { permissions: stored, updatedAt: new Date() },
      });
  }

  /** What a user holds in one scope (corporation level when `workspaceId` is null), as stored. */
  async permissionsIn(
    userId: string,
    corporationId: string,
    workspaceId: string | null,
    db: Executor = this.db,
  ) {
    const [row] = await db
      .select({ permissions: memberships.permissions })
      .from(memberships)
      .where(and(eq(memberships.userId, userId), scope(corporationId, workspaceId)));
    return row?.permissions;
  }

  /** Every membership of a user, with its permissions as stored. */
  ofUser(userId: string) {
    return this.db
      .select({
        corporationId: memberships.corporationId,
        workspaceId: memberships.workspaceId,
        permissions: memberships.permissions,
      })
      .from(memberships)
      .where(eq(memberships.userId, userId));
  }

  async members(corporationId: string, workspaceId: string | null, limit: number, offset: number) {
    const where = scope(corporationId, workspaceId);
    const [{ total }] = (await this.db.select({ total: count() }).from(memberships).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        permissions: memberships.permissions,
        blocked: users.blocked,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.email))
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((r) => ({ ...r, permissions: expand(r.permissions) })), total };
  }

  /** Every membership in the corporation and its workspaces with its user, by email (corporation level first). */
  async allOf(corporationId: string, limit: number, offset: number) {
    const where = eq(memberships.corporationId, corporationId);
    const [{ total }] = (await this.db.select({ total: count() }).from(memberships).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select({
        userId: users.id,
        email: users.email,
        name: users.name,
        workspaceId: memberships.workspaceId,
        permissions: memberships.permissions,
        blocked: users.blocked,
      })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(where)
      .orderBy(asc(users.email), sql`${memberships.workspaceId} nulls first`, asc(memberships.id))
      .limit(limit)
      .offset(offset);
    return { rows: rows.map((r) => ({ ...r, permissions: expand(r.permissions) })), total };
  }

  /** Corporation-level administrators with their addresses (usage-limit warnings go to them). */
  async adminsOf(corporationId: string) {
    const rows = await this.db
      .select({ userId: users.id, email: users.email, permissions: memberships.permissions })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(scope(corporationId, null));
    return rows.filter((r) => expand(r.permissions).includes('admin'));
  }

  async countAdmins(corporationId: string) {
    const rows = await this.db
      .select({ permissions: memberships.permissions })
      .from(memberships)
      .where(scope(corporationId, null));
    return rows.filter((r) => r.permissions.includes('admin')).length;
  }

  async corporationIdsOf(userId: string, onlyAdmin = false) {
    const rows = await this.ofUser(userId);
    const picked = onlyAdmin
      ? rows.filter((r) => r.workspaceId === null && r.permissions.includes('admin'))
      : rows;
    return [...new Set(picked.map((r) => r.corporationId))];
  }
}
