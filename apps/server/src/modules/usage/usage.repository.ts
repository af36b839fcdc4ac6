import type { Usage } from '@stromwerk/contracts/usage';
import {
  and,
  Column,
  count,
  countDistinct,
  desc,
  eq,
  getTableName,
  is,
  isNull,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { corporationCounts, memberships, quotas, usageReports, workspaces } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';

export type QuotaRow = typeof quotas.$inferSelect;
/** What corporation_counts keeps, with the quota limit of each. */
export const COUNTED_LIMITS = {
  sources: 'maxSources',
  targets: 'maxTargets',
  outputs: 'maxOutputs',
} as const;
export type CountedKind = keyof typeof COUNTED_LIMITS;
/** A scope of usage figures: a whole corporation (workspaceId null) or one of its workspaces. */
export interface UsageScope {
  corporationId: string;
  workspaceId: string | null;
}

/**
 * Whether the corporation (an expression naming it) has room for one more of `kind` under its quota, as a
 * condition a create's own statement carries (no quota row or no limit: room).
 */
export function hasRoom(kind: CountedKind, corporationId: SQL): SQL {
  return sql`coalesce((select ${countOf(kind, quotas.corporationId)} < ${quotas[COUNTED_LIMITS[kind]]}
    from ${quotas} where ${quotas.corporationId} = ${corporationId}), true)`;
}

/**
 * How many of `kind` the corporation has: the sum of its count shards, a subquery correlated with
 * `corporationId` (a column of the outer query, or an expression). The column is named with its table:
 * Drizzle leaves the table out in a one-table select, and inside the subquery the bare name is
 * corporation_counts' own.
 */
export function countOf(kind: CountedKind, corporationId: SQL | AnyPgColumn): SQL<number> {
  const outer = is(corporationId, Column)
    ? sql.raw(`"${getTableName(corporationId.table)}"."${corporationId.name}"`)
    : corporationId;
  return sql<number>`(select coalesce(sum(cc.${sql.identifier(kind)}), 0)::int from ${corporationCounts} cc
    where cc.corporation_id = ${outer})`.mapWith(Number);
}

/** Quotas, the counts usage adds up itself (workspaces, members), and recorded usage reports. */
export class UsageRepository {
  constructor(private readonly db: Db) {
    this.roomPrepared = {
      sources: this.prepareRoom('sources'),
      targets: this.prepareRoom('targets'),
      outputs: this.prepareRoom('outputs'),
    };
  }

  /** The corporation's quota; every corporation gets one when it is created. */
  async quotaOf(corporationId: string): Promise<QuotaRow | undefined> {
    const [row] = await this.db.select().from(quotas).where(eq(quotas.corporationId, corporationId));
    return row;
  }

  /**
   * A counted kind's limit and how many the corporation has, in one statement (the counts are kept by
   * triggers: corporation_counts); undefined without a quota.
   */
  async roomOf(corporationId: string, kind: CountedKind) {
    const [row] = await this.db
      .select({
        quota: quotas[COUNTED_LIMITS[kind]],
        count: countOf(kind, quotas.corporationId),
      })
      .from(quotas)
      .where(eq(quotas.corporationId, corporationId));
    return row;
  }

  /** `roomOf` for the corporation of a workspace, with that corporation; undefined when no such workspace. */
  async roomInWorkspace(workspaceId: string, kind: CountedKind) {
    const [row] = await this.roomPrepared[kind].execute({ workspaceId });
    return row;
  }

  /**
   * The statement of `roomInWorkspace` for each counted kind, built once and prepared: every create of a
   * source, target or player runs it (issue 32).
   */
  private readonly roomPrepared: Record<CountedKind, ReturnType<UsageRepository['prepareRoom']>>;

  private prepareRoom(kind: CountedKind) {
    return this.db
      .select({
        corporationId: workspaces.corporationId,
        quota: quotas[COUNTED_LIMITS[kind]],
        count: countOf(kind, workspaces.corporationId),
      })
      .from(workspaces)
      .leftJoin(quotas, eq(quotas.corporationId, workspaces.corporationId))
      .where(eq(workspaces.id, sql.placeholder('workspaceId')))
      .prepare(`stromwerk_room_for_${kind}`);
  }

  async updateQuota(corporationId: string, values: Partial<typeof quotas.$inferInsert>) {
    const [row] = await this.db
      .update(quotas)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(quotas.corporationId, corporationId))
      .returning();
    return row;
  }

  async countWorkspaces({ corporationId, workspaceId }: UsageScope) {
    const where = workspaceId ? eq(workspaces.id, workspaceId) : eq(workspaces.corporationId, corporationId);
    const [row] = await this.db.select({ n: count() }).from(workspaces).where(where);
    return row!.n;
  }

  /** Distinct users with a membership in the scope (in the corporation: in any of its workspaces too). */
  async countMembers({ corporationId, workspaceId }: UsageScope) {
    const where = workspaceId
      ? and(eq(memberships.corporationId, corporationId), eq(memberships.workspaceId, workspaceId))
      : eq(memberships.corporationId, corporationId);
    const [row] = await this.db
      .select({ n: countDistinct(memberships.userId) })
      .from(memberships)
      .where(where);
    return row!.n;
  }

  async insertReport(scope: UsageScope, usage: Usage) {
    const [row] = await this.db
      .insert(usageReports)
      .values({ ...scope, usage })
      .returning();
    return row!;
  }

  async lastReport({ corporationId, workspaceId }: UsageScope) {
    const [row] = await this.db
      .select()
      .from(usageReports)
      .where(
        and(
          eq(usageReports.corporationId, corporationId),
          workspaceId ? eq(usageReports.workspaceId, workspaceId) : isNull(usageReports.workspaceId),
        ),
      )
      .orderBy(desc(usageReports.createdAt))
      .limit(1);
    return row;
  }
}
