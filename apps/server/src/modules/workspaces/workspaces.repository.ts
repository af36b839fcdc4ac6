import type { Permission } from '@stromwerk/contracts/permissions';
import type { Workspace } from '@stromwerk/contracts/workspaces';
import { and, asc, count, eq, ilike, inArray, isNull, or, type SQL } from 'drizzle-orm';
import { corporations, memberships, workspaces } from '../../db/schema/tenancy';
import type { Executor } from '../../db/transaction';
import { iso } from '../../lib/dates';
import type { Db } from '../../plugins/db';
import type { WorkspaceRow } from '../access/access.service';
import { escapeLike } from '../users/users.repository';

export function toWorkspace(row: WorkspaceRow, permissions: Permission[]): Workspace {
  return {
    id: row.id,
    name: row.name,
    corporationId: row.corporationId,
    sortIndex: row.sortIndex,
    permissions,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export interface WorkspaceFilter {
  /** undefined: no membership filter (platform admin). */
  userId?: string;
  corporationId?: string;
  /** One workspace only (a workspace-scoped API key). */
  workspaceId?: string;
  search?: string;
  limit: number;
  offset: number;
}

export class WorkspacesRepository {
  constructor(private readonly db: Db) {}

  async create(values: typeof workspaces.$inferInsert, db: Executor = this.db) {
    const [row] = await db.insert(workspaces).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof workspaces.$inferInsert>) {
    const [row] = await this.db.update(workspaces).set(values).where(eq(workspaces.id, id)).returning();
    return row!;
  }

  async delete(id: string) {
    await this.db.delete(workspaces).where(eq(workspaces.id, id));
  }

  async countIn(corporationId: string) {
    const [r] = await this.db
      .select({ n: count() })
      .from(workspaces)
      .where(eq(workspaces.corporationId, corporationId));
    return r!.n;
  }

  /** Workspaces a user sees: all of corporations where they hold corporation rights, plus their own ones. */
  async list(f: WorkspaceFilter) {
    const filters: SQL[] = [];
    if (f.corporationId) filters.push(eq(workspaces.corporationId, f.corporationId));
    if (f.workspaceId) filters.push(eq(workspaces.id, f.workspaceId));
    if (f.search) filters.push(ilike(workspaces.name, `%${escapeLike(f.search)}%`));
    if (f.userId) {
      const corpWide = this.db
        .select({ id: memberships.corporationId })
        .from(memberships)
        .where(and(eq(memberships.userId, f.userId), isNull(memberships.workspaceId)));
      const direct = this.db
        .select({ id: memberships.workspaceId })
        .from(memberships)
        .where(eq(memberships.userId, f.userId));
      filters.push(or(inArray(workspaces.corporationId, corpWide), inArray(workspaces.id, direct))!);
      filters.push(eq(corporations.blocked, false));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db
      .select({ total: count() })
      .from(workspaces)
      .innerJoin(corporations, eq(corporations.id, workspaces.corporationId))
      .where(where)) as [{ total: number }];
    const rows = await this.db
      .select({ workspace: workspaces })
      .from(workspaces)
      .innerJoin(corporations, eq(corporations.id, workspaces.corporationId))
      .where(where)
      .orderBy(asc(corporations.name), asc(workspaces.sortIndex), asc(workspaces.name))
      .limit(f.limit)
      .offset(f.offset);
    return { rows: rows.map((r) => r.workspace), total };
  }
}
