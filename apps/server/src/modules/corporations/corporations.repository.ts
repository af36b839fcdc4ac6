import type { Corporation } from '@stromwerk/contracts/corporations';
import type { Feature, Permission } from '@stromwerk/contracts/permissions';
import { and, asc, count, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { corporations, memberships, quotas, workspaces } from '../../db/schema/tenancy';
import { type Executor, withTransaction } from '../../db/transaction';
import { iso } from '../../lib/dates';
import type { Db } from '../../plugins/db';
import type { CorporationRow } from '../access/access.service';
import { escapeLike } from '../users/users.repository';

export function toCorporation(row: CorporationRow, permissions: Permission[]): Corporation {
  return {
    id: row.id,
    name: row.name,
    blocked: row.blocked,
    features: row.features as Feature[],
    permissions,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export class CorporationsRepository {
  constructor(private readonly db: Db) {}

  async create(name: string, features: Feature[], db: Executor = this.db) {
    const [row] = await db.insert(corporations).values({ name, features }).returning();
    await db.insert(quotas).values({ corporationId: row!.id });
    return row!;
  }

  async update(id: string, values: Partial<typeof corporations.$inferInsert>) {
    // updatedAt keeps the SET non-empty: a PUT with an empty (all-optional) body is valid, not a crash.
    const [row] = await this.db
      .update(corporations)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(corporations.id, id))
      .returning();
    return row!;
  }

  async delete(id: string) {
    await this.db.delete(corporations).where(eq(corporations.id, id));
  }

  /** The blocked corporations (few): their encoders are refused at connect time. */
  async blockedIds(): Promise<string[]> {
    const rows = await this.db
      .select({ id: corporations.id })
      .from(corporations)
      .where(eq(corporations.blocked, true));
    return rows.map((r) => r.id);
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(corporations).where(eq(corporations.id, id));
    return row;
  }

  /** The corporation each of these workspaces belongs to (unknown ids are left out). */
  workspaceCorporations(workspaceIds: string[]) {
    return this.db
      .select({ id: workspaces.id, corporationId: workspaces.corporationId })
      .from(workspaces)
      .where(inArray(workspaces.id, workspaceIds));
  }

  /** Sorts the workspaces in the given order, all or none. */
  async setWorkspaceOrder(workspaceIds: string[]) {
    await withTransaction(this.db, async (tx) => {
      for (const [index, wsId] of workspaceIds.entries()) {
        await tx.update(workspaces).set({ sortIndex: index }).where(eq(workspaces.id, wsId));
      }
    });
  }

  /** `userId` undefined: every corporation (platform admin); otherwise those the user is a member of. */
  async list(opts: {
    userId?: string;
    corporationId?: string;
    search?: string;
    limit: number;
    offset: number;
  }) {
    const filters: SQL[] = [];
    if (opts.corporationId) filters.push(eq(corporations.id, opts.corporationId));
    if (opts.search) filters.push(ilike(corporations.name, `%${escapeLike(opts.search)}%`));
    if (opts.userId) {
      const mine = this.db
        .selectDistinct({ id: memberships.corporationId })
        .from(memberships)
        .where(eq(memberships.userId, opts.userId));
      filters.push(inArray(corporations.id, mine));
    }
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db.select({ total: count() }).from(corporations).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(corporations)
      .where(where)
      .orderBy(asc(corporations.name), asc(corporations.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return { rows, total };
  }
}
