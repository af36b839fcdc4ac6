import type {
  Quota,
  UpdateQuotaBody,
  Usage,
  UsageReport,
  UsageSeries,
  UsageSeriesQuery,
} from '@stromwerk/contracts/usage';
import type { FastifyBaseLogger } from 'fastify';
import { forbidden, notFound, quotaExceeded } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import { grants } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { CountedKind, QuotaRow, UsageRepository } from './usage.repository';
import type { UsageCountersRepository } from './usage-counters.repository';
import { type LimitWarning, UsageLimits } from './usage-limits';
import { UsageMeter } from './usage-meter';
import { usageCsv, usageSeries } from './usage-series';

/** Counts a resource module contributes (sources, targets, outputs, medias, storage) for a corporation or workspace. */
export type UsageCounter = (scope: { corporationId: string; workspaceId: string | null }) => Promise<number>;
export type CountedPart = 'sources' | 'targets' | 'outputs' | 'medias';
/**
 * Stored bytes now, per workspace of the scope: the one truth of storage (issue 33). The usage figure
 * (the Limits gauge), the series' figure of now (the Usage cards) and the meter's readings all come from it.
 */
export type StorageReading = (scope: {
  corporationId: string;
  workspaceId: string | null;
}) => Promise<{ workspaceId: string | null; bytes: number }[]>;
/** The quota limits a create checks against. */
export type QuotaLimit = keyof Pick<QuotaRow, 'maxWorkspaces' | 'maxSources' | 'maxTargets' | 'maxOutputs'>;

/**
 * QUOTA_EXCEEDED when the corporation has no room for one more `kind` (its count is kept by triggers:
 * at 10,000 sources counting them was most of a create's time); nothing without a quota.
 */
function refuseFull(room: { quota: number; count: number } | undefined, kind: CountedKind, what: string) {
  if (room && room.count >= room.quota)
    throw quotaExceeded(
      'QUOTA_EXCEEDED',
      kind,
      room.count,
      room.quota,
      `The corporation may have at most ${room.quota} ${what}`,
    );
}

export class UsageService {
  /** This process's meter: the live plane, the play routes and the job worker count into it. */
  readonly meter: UsageMeter;
  /** Monthly flows against the quota (issue 17). */
  readonly limits: UsageLimits;

  /**
   * `counters`: what each resource module counts, from its repository. `warn`: who is told when a monthly
   * flow reaches 80 % or 100 % (usage-warnings.ts); the limits are checked after every flush of the meter.
   */
  constructor(
    readonly repo: UsageRepository,
    private readonly access: AccessService,
    readonly metered: UsageCountersRepository,
    private readonly counters: Record<CountedPart, UsageCounter> & { storage: StorageReading },
    warn: LimitWarning,
    log: FastifyBaseLogger,
  ) {
    this.meter = new UsageMeter(metered);
    this.limits = new UsageLimits(repo, metered, warn);
    this.meter.onFlushed((ids) => {
      for (const id of ids)
        void this.limits
          .check(id)
          .catch((err) => log.warn({ err, corporationId: id }, 'usage-limit check failed'));
    });
  }

  /**
   * Corporation-wide figures need a corporation-level permission: a member of one workspace sees that
   * workspace's usage only. `need` admin is for recording corporation reports.
   */
  private async corporationLevel(actor: Actor, corporationId: string, need: 'read' | 'admin') {
    const { permissions } = await this.access.corporation(actor, corporationId, need);
    if (!grants(permissions, need)) throw forbidden();
  }

  /**
   * Refuses one more of a resource when the corporation holds its quota's maximum already. `current` is
   * the count, or a function that counts (called only when the corporation has a quota).
   */
  async assertRoom(
    corporationId: string,
    limit: QuotaLimit,
    current: number | (() => Promise<number>),
    what: string,
  ) {
    const quota = await this.repo.quotaOf(corporationId);
    if (!quota) return;
    const n = typeof current === 'number' ? current : await current();
    if (n >= quota[limit]) {
      // The metric is what the limit counts: maxSources -> sources.
      const metric = limit.slice(3).toLowerCase();
      throw quotaExceeded(
        'QUOTA_EXCEEDED',
        metric,
        n,
        quota[limit],
        `The corporation may have at most ${quota[limit]} ${what}`,
      );
    }
  }

  /**
   * A create's first look, in one statement: the workspace's corporation with its limit and count of
   * `kind` (issue 32: the workspace look-up and the quota read were two of a create's three statements).
   * The caller's right to write there is decided first, on their memberships as for rows just read
   * (`AccessService.workspaceOfRows`: a stranger gets 404 and learns nothing of the quota), then the room.
   */
  async writableWorkspaceWithRoom(actor: Actor, workspaceId: string, kind: CountedKind, what: string) {
    const room = await this.repo.roomInWorkspace(workspaceId, kind);
    if (!room) throw notFound('Workspace');
    const workspace = { id: workspaceId, corporationId: room.corporationId };
    await this.access.workspaceOfRows(actor, workspace, 'write');
    refuseFull(room.quota === null ? undefined : { quota: room.quota, count: room.count }, kind, what);
    return workspace;
  }

  async quota(actor: Actor, corporationId: string): Promise<Quota> {
    await this.corporationLevel(actor, corporationId, 'read');
    const row = await this.repo.quotaOf(corporationId);
    return { ...row!, updatedAt: iso(row!.updatedAt) };
  }

  async updateQuota(actor: Actor, corporationId: string, body: UpdateQuotaBody): Promise<Quota> {
    await this.corporationLevel(actor, corporationId, 'admin');
    const row = await this.repo.updateQuota(corporationId, body);
    return { ...row!, updatedAt: iso(row!.updatedAt) };
  }

  async compute(corporationId: string, workspaceId: string | null): Promise<Usage> {
    const scope = { corporationId, workspaceId };
    const part = (name: CountedPart) => this.counters[name](scope);
    const [ws, members, sources, targets, outputs, medias, storageBytes] = await Promise.all([
      this.repo.countWorkspaces(scope),
      this.repo.countMembers(scope),
      part('sources'),
      part('targets'),
      part('outputs'),
      part('medias'),
      this.storedBytes(scope),
    ]);
    return {
      corporationId,
      workspaceId,
      workspaces: ws,
      users: members,
      storageBytes,
      sources,
      targets,
      outputs,
      medias,
      lastUpdate: new Date().toISOString(),
    };
  }

  private async storedBytes(scope: { corporationId: string; workspaceId: string | null }) {
    return (await this.counters.storage(scope)).reduce((sum, r) => sum + r.bytes, 0);
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

  /** Records each workspace's stored bytes as this hour's storage reading. */
  async readStorage(
    read: () => Promise<{ corporationId: string | null; workspaceId: string | null; bytes: number }[]>,
  ) {
    for (const r of await read())
      if (r.corporationId && r.workspaceId)
        this.meter.gauge(
          { corporationId: r.corporationId, workspaceId: r.workspaceId },
          'storage_bytes',
          r.bytes,
        );
  }

  async series(
    actor: Actor,
    target: { corporationId: string } | { workspaceId: string },
    query: UsageSeriesQuery,
  ): Promise<UsageSeries> {
    const scope = await this.scope(actor, target, readNeed(target));
    const storage = query.metrics.includes('storage_bytes') ? await this.counters.storage(scope) : [];
    return usageSeries(this.metered, scope, query, { at: Date.now(), storage });
  }

  /** The series as a CSV file and the name to save it under. */
  async csv(
    actor: Actor,
    target: { corporationId: string } | { workspaceId: string },
    query: UsageSeriesQuery,
  ) {
    const series = await this.series(actor, target, query);
    const day = (iso: string) => iso.slice(0, 10);
    return { csv: usageCsv(series), filename: `usage-${day(series.from)}-${day(series.to)}.csv` };
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
    const row = await this.repo.insertReport({ corporationId, workspaceId }, usage);
    return { id: row.id, corporationId, workspaceId, usage, createdAt: iso(row.createdAt) };
  }

  async lastReport(actor: Actor, target: { corporationId: string } | { workspaceId: string }) {
    const { corporationId, workspaceId } = await this.scope(actor, target, readNeed(target));
    const row = await this.repo.lastReport({ corporationId, workspaceId });
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
