import type { Quota, UpdateQuotaBody, Usage, UsageReport } from '@stromwerk/contracts/usage';
import { and, count, countDistinct, desc, eq, isNull } from 'drizzle-orm';
import { memberships, quotas, usageReports, workspaces } from '../../db/schema/tenancy';
import { forbidden, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { grants } from '../../lib/permissions';
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

  /**
   * Corporation-wide figures need a corporation-level permission: a member of one workspace sees that
   * workspace's usage only. `need` admin is for recording corporation reports.
   */
  private async corporationLevel(actor: Actor, corporationId: string, need: 'read' | 'admin') {
    const { permissions } = await this.access.corporation(actor, corporationId, need);
    if (!grants(permissions, need)) throw forbidden();
  }

  async quota(actor: Actor, corporationId: string): Promise<Quota> {
    await this.corporationLevel(actor, corporationId, 'read');
    const [row] = await this.db.select().from(quotas).where(eq(quotas.corporationId, corporationId));
    return { ...row!, updatedAt: iso(row!.updatedAt) };
  }

  async updateQuota(actor: Actor, corporationId: string, body: UpdateQuotaBody): Promise<Quota> {
    await this.corporationLevel(actor, corporationId, 'admin');
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
  private async scope(
    actor: Actor,
    target: { corporationId: string } | { workspaceId: string },
    need: 'read' | 'admin' = 'read',
  ) {
    if ('workspaceId' in target) {
      const { workspace } = await this.access.workspace(actor, target.workspaceId, need);
      return { corporationId: workspace.corporationId, workspaceId: workspace.id };
    }
    await this.corporationLevel(actor, target.corporationId, need);
    return { corporationId: target.corporationId, workspaceId: null };
  }

  async usage(actor: Actor, target: { corporationId: string } | { workspaceId: string }) {
    const { corporationId, workspaceId } = await this.scope(actor, target, readNeed(target));
    return this.compute(corporationId, workspaceId);
  }

  async createReport(
    actor: Actor,
    target: { corporationId: string; workspaceId?: string },
  ): Promise<UsageReport> {
    const { corporationId, workspaceId } = await this.scope(
      actor,
      target.workspaceId ? { workspaceId: target.workspaceId } : target,
      // Recording a report is an administrator's act: a read-only member may look, not write.
      'admin',
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
    const { corporationId, workspaceId } = await this.scope(actor, target, readNeed(target));
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

/**
 * A workspace's figures are for its readers; the corporation's (every workspace, member counts, storage)
 * are for corporation administrators, not for read-only members.
 */
const readNeed = (target: { corporationId: string } | { workspaceId: string }) =>
  'workspaceId' in target ? ('read' as const) : ('admin' as const);
