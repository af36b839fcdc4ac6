import type { UsageMetric } from '@stromwerk/contracts/usage';
import { quotaExceeded } from '../../lib/app-error';
import type { QuotaRow, UsageRepository } from './usage.repository';
import type { UsageCountersRepository } from './usage-counters.repository';

/** The monthly flows with a quota: the metric, its quota field and how many metric units one quota unit is. */
const FLOWS = [
  { metric: 'viewer_seconds', quota: 'maxViewerHoursPerMonth', unit: 3600, words: 'viewer hours' },
  { metric: 'egress_bytes', quota: 'maxEgressBytesPerMonth', unit: 1, words: 'delivered bytes' },
  { metric: 'ingest_seconds', quota: 'maxLiveHoursPerMonth', unit: 3600, words: 'live hours' },
  { metric: 'render_seconds', quota: 'maxRenderMinutesPerMonth', unit: 60, words: 'render minutes' },
  { metric: 'transcode_seconds', quota: 'maxTranscodeHoursPerMonth', unit: 3600, words: 'transcoding hours' },
] as const satisfies readonly {
  metric: UsageMetric;
  quota: keyof QuotaRow;
  unit: number;
  words: string;
}[];
type Flow = (typeof FLOWS)[number];
export const LEVELS = [80, 100] as const;

/** Where a warning goes: stored notifications and mail to the corporation's administrators. */
export type LimitWarning = (w: {
  corporationId: string;
  metric: UsageMetric;
  words: string;
  level: number;
  used: number;
  limit: number;
}) => Promise<void>;

const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/**
 * Monthly flows against the quota (issue 17). Soft: at 80 % and 100 % the administrators are warned once
 * per month (the usage_alerts row decides, across processes); past 100 % new live sessions and renders
 * are refused, running ones go on. Months are UTC calendar months.
 */
export class UsageLimits {
  /** Corporations past a flow's limit this month, for the synchronous publish check of the ingest. */
  private readonly over = new Map<string, { month: number; metrics: Set<UsageMetric> }>();
  /** The last check started per corporation in this process: checks of one corporation run in turn. */
  private readonly checking = new Map<string, Promise<void>>();

  constructor(
    private readonly quotas: UsageRepository,
    private readonly counters: UsageCountersRepository,
    private readonly warn: LimitWarning,
  ) {}

  private async usedOf(corporationId: string, flow: Flow, quota: QuotaRow, now: Date) {
    const limit = quota[flow.quota];
    if (limit === null || limit === undefined) return null;
    const used = await this.counters.total(corporationId, flow.metric, monthStart(now));
    return { used, limit: limit * flow.unit };
  }

  /**
   * After a flush: warns at each level reached for the first time this month; notes what is over. Checks
   * of one corporation run one after the other in this process, so when a check resolves every warning
   * an earlier one claimed is stored and sent (the flush's own check may have won the alert row).
   */
  check(corporationId: string, now = new Date()): Promise<void> {
    const previous = this.checking.get(corporationId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(() => this.checkNow(corporationId, now));
    this.checking.set(corporationId, next);
    const forget = () => {
      if (this.checking.get(corporationId) === next) this.checking.delete(corporationId);
    };
    next.then(forget, forget);
    return next;
  }

  private async checkNow(corporationId: string, now: Date) {
    const quota = await this.quotas.quotaOf(corporationId);
    if (!quota) return;
    const month = monthStart(now);
    const over = new Set<UsageMetric>();
    for (const flow of FLOWS) {
      const figures = await this.usedOf(corporationId, flow, quota, now);
      if (!figures) continue;
      const percent = figures.limit === 0 ? 100 : (figures.used / figures.limit) * 100;
      if (percent >= 100) over.add(flow.metric);
      for (const level of LEVELS) {
        if (percent < level) continue;
        const first = await this.counters.claimAlert(
          corporationId,
          flow.metric,
          month.toISOString().slice(0, 10),
          level,
        );
        if (first)
          await this.warn({ corporationId, metric: flow.metric, words: flow.words, level, ...figures });
      }
    }
    this.over.set(corporationId, { month: month.getTime(), metrics: over });
  }

  /** Synchronous: whether a corporation was past its monthly live hours at its last check. */
  liveRefused(corporationId: string, now = new Date()) {
    const entry = this.over.get(corporationId);
    return !!entry && entry.month === monthStart(now).getTime() && entry.metrics.has('ingest_seconds');
  }

  /** Synchronous: whether a corporation was past its monthly transcoding hours at its last check. */
  transcodeRefused(corporationId: string, now = new Date()) {
    const entry = this.over.get(corporationId);
    return !!entry && entry.month === monthStart(now).getTime() && entry.metrics.has('transcode_seconds');
  }

  /** Refuses a new render once the month's render minutes are used up (read fresh from the database). */
  async assertRenderAllowed(corporationId: string, now = new Date()) {
    const quota = await this.quotas.quotaOf(corporationId);
    const flow = FLOWS[3];
    const figures = quota ? await this.usedOf(corporationId, flow, quota, now) : null;
    if (figures && figures.used >= figures.limit)
      throw quotaExceeded(
        'QUOTA_EXCEEDED',
        flow.metric,
        figures.used,
        figures.limit,
        `The corporation used its ${quota![flow.quota]} render minutes of this month`,
      );
  }
}
