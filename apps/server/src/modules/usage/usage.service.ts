import type { Quota, UpdateQuotaBody, Usage, UsageReport } from '@stromwerk/contracts/usage';
import { and, count, countDistinct, desc, eq, isNull } from 'drizzle-orm';
import { memberships, quotas, usageReports, workspaces } from '../../db/schema/tenancy';
import { notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import type { Actor } from '../../plugins/auth';
import type { Db } from '../../plugins/db';
import type { AccessService } from '../access/access.service';

/** Counts a later module contributes (sources, targets, outputs, medias, storage) for a corporation or workspace. */
export type UsageCounter = (scope: { corporationId: string; workspaceId: string | null }) => Promise<number>;
type CountedPart = 'sources' | 'targets' | 'outputs' | 'medias' | 'storageBytes';

export class UsageService {
  private readonly counters = new Map<CountedPart, UsageCounter>();

  constructor(
    private readonly db: Db,
    private readonly access: AccessService,
  ) {}

  /** Resource modules register here as they arrive; a part nobody counts yet has nothing in it. */
  registerCounter(part: CountedPart, counter: UsageCounter) {
    this.counters.set(part, counter);
  }

  async quota(actor: Actor, corporationId: string): Promise<Quota> {
    await this.access.corporation(actor, corporationId, 'read');
    const [row] = await this.db.select().from(quotas).where(eq(quotas.corporationId, corporationId));
    return { ...row!, updatedAt: iso(row!.updatedAt) };
  }

  async updateQuota(actor: Actor, corporationId: string, body: UpdateQuotaBody): Promise<Quota> {
    await this.access.corporation(actor, corporationId, 'read');
    const [row] = await this.db
      .update(quotas)
      .set({ ...body, updatedAt: new Date() })
      .where(eq(quotas.corporationId, corporationId))
      .returning();
    return { ...row!, updatedAt: iso(row!.updatedAt) };
  }

  async compute(corporationId: string, workspaceId: string | null): Promise<Usage> {
    const scope = { corporationId, workspaceId };
    const part = async (name: CountedPart) => (await this.counters.get(name)?.(scope)) ?? 0;
    const wsWhere = workspaceId
      ? eq(workspaces.id, workspaceId)
      : eq(workspaces.corporationId, corporationId);
    const memberWhere = workspaceId
      ? and(eq(memberships.corporationId, corporationId), eq(memberships.workspaceId, workspaceId))
      : eq(memberships.corporationId, corporationId);
    const [[ws], [members], sources, targets, outputs, medias, storageBytes] = await Promise.all([
      this.db.select({ n: count() }).from(workspaces).where(wsWhere),
      this.db
        .select({ n: countDistinct(memberships.userId) })
        .from(memberships)
        .where(memberWhere),
      part('sources'),
      part('targets'),
      part('outputs'),
      part('medias'),
      part('storageBytes'),
    ]);
    return {
      corporationId,
      workspaceId,
      workspaces: ws!.n,
      users: members!.n,
      storageBytes,
      sources,
      targets,
      outputs,
      medias,
      lastUpdate: new Date().toISOString(),
    };
  }

  /** Resolves the scope the caller may read: a workspace (its corporation comes from it) or a corporation. */
  private async scope(actor: Actor, target: { corporationId: string } | { workspaceId: string }) {
    if ('workspaceId' in target) {
      const { workspace } = await this.access.workspace(actor, target.workspaceId, 'read');
      return { corporationId: workspace.corporationId, workspaceId: workspace.id };
    }
    await this.access.corporation(actor, target.corporationId, 'read');
    return { corporationId: target.corporationId, workspaceId: null };
  }

  async usage(actor: Actor, target: { corporationId: string } | { workspaceId: string }) {
    const { corporationId, workspaceId } = await this.scope(actor, target);
    return this.compute(corporationId, workspaceId);
  }

  async createReport(
    actor: Actor,
    target: { corporationId: string; workspaceId?: string },
  ): Promise<UsageReport> {
    const { corporationId, workspaceId } = await this.scope(
      actor,
      target.workspaceId ? { workspaceId: target.workspaceId } : target,
    );
    if (target.workspaceId && corporationId !== target.corporationId) throw notFound('Workspace');
    const usage = await this.compute(corporationId, workspaceId);
    const [row] = await this.db
      .insert(usageReports)
      .values({ corporationId, workspaceId, usage })
      .returning();
    return { id: row!.id, corporationId, workspaceId, usage, createdAt: iso(row!.createdAt) };
  }

  async lastReport(actor: Actor, target: { corporationId: string } | { workspaceId: string }) {
    const { corporationId, workspaceId } = await this.scope(actor, target);
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
    const report = row
      ? { id: row.id, corporationId, workspaceId, usage: row.usage as Usage, createdAt: iso(row.createdAt) }
      : null;
    return { report };
  }
}
