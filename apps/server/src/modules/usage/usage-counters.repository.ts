import { gaugeMetrics, type UsageInterval, type UsageMetric } from '@stromwerk/contracts/usage';
import { and, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { workspaces } from '../../db/schema/tenancy';
import { usageAlerts, usageCounters } from '../../db/schema/usage';
import type { Db } from '../../plugins/db';

/** One counted amount: the delta a meter adds to a bucket (or, for gauges, the highest value it saw). */
export interface CounterDelta {
  corporationId: string;
  workspaceId: string;
  metric: UsageMetric;
  bucketStart: Date;
  value: number;
}

export interface SeriesRow {
  start: Date;
  workspaceId: string;
  metric: UsageMetric;
  value: number;
}

// The metric names are our own constants, never input.
const GAUGES = gaugeMetrics.map((m) => `'${m}'`).join(', ');
const gaugeList = sql.raw(GAUGES);

/** The metered usage table: the flush upsert, series sums, monthly totals and soft-limit alerts. */
export class UsageCountersRepository {
  constructor(private readonly db: Db) {}

  /**
   * Adds every delta in ONE statement: a new bucket is inserted, an existing one gets the delta added
   * (a gauge keeps the greater value). Safe with several processes writing the same bucket.
   */
  async add(rows: readonly CounterDelta[]) {
    if (rows.length === 0) return;
    await this.db
      .insert(usageCounters)
      .values(rows.map((r) => ({ ...r })))
      .onConflictDoUpdate({
        target: [
          usageCounters.corporationId,
          usageCounters.workspaceId,
          usageCounters.metric,
          usageCounters.bucketStart,
        ],
        set: {
          value: sql.raw(
            `CASE WHEN usage_counters.metric IN (${GAUGES}) THEN GREATEST(usage_counters.value, excluded.value) ELSE usage_counters.value + excluded.value END`,
          ),
        },
      });
  }

  /**
   * Sums (gauges: maxima) per interval start in `timeZone`, workspace and metric. Hourly rows are kept and
   * grouped with date_trunc at query time: no roll-up job, and days follow the caller's time zone.
   */
  async series(q: {
    corporationId: string;
    workspaceId: string | null;
    from: Date;
    to: Date;
    interval: UsageInterval;
    timeZone: string;
    metrics: readonly UsageMetric[];
  }): Promise<SeriesRow[]> {
    const start = sql`date_trunc(${q.interval}, ${usageCounters.bucketStart}, ${q.timeZone})`;
    const rows = await this.db
      .select({
        start: start.mapWith((v: string | Date) => new Date(v)),
        workspaceId: usageCounters.workspaceId,
        metric: usageCounters.metric,
        value:
          sql<number>`CASE WHEN ${usageCounters.metric} IN (${gaugeList}) THEN max(${usageCounters.value}) ELSE sum(${usageCounters.value}) END`.mapWith(
            Number,
          ),
      })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.corporationId, q.corporationId),
          q.workspaceId ? eq(usageCounters.workspaceId, q.workspaceId) : undefined,
          gte(usageCounters.bucketStart, q.from),
          lt(usageCounters.bucketStart, q.to),
          inArray(usageCounters.metric, [...q.metrics]),
        ),
      )
      // By position: the interval start's parameters would be bound twice, and PostgreSQL would not see
      // the same expression.
      .groupBy(sql.raw('1, 2, 3'));
    return rows as SeriesRow[];
  }

  /** Every interval start from `from` to before `to`, as the time zone's calendar has them (DST too). */
  async intervalStarts(from: Date, to: Date, interval: UsageInterval, timeZone: string): Promise<Date[]> {
    const step = sql.raw(`'1 ${interval}'::interval`);
    const result = await this.db.execute(sql`
      SELECT (s AT TIME ZONE ${timeZone}) AS start FROM generate_series(
        date_trunc(${interval}, ${from.toISOString()}::timestamptz, ${timeZone}) AT TIME ZONE ${timeZone},
        ${to.toISOString()}::timestamptz AT TIME ZONE ${timeZone},
        ${step}
      ) AS s`);
    const rows = (result as unknown as { rows: { start: string | Date }[] }).rows;
    return rows.map((r) => new Date(r.start)).filter((d) => d < to);
  }

  /** The names of the corporation's workspaces (a deleted workspace's usage has no name any more). */
  async workspaceNames(corporationId: string) {
    const rows = await this.db
      .select({ id: workspaces.id, name: workspaces.name })
      .from(workspaces)
      .where(eq(workspaces.corporationId, corporationId));
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** A corporation's sum of one metric since `from` (monthly flows against their quota). */
  async total(corporationId: string, metric: UsageMetric, from: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: sql<number>`coalesce(sum(${usageCounters.value}), 0)`.mapWith(Number) })
      .from(usageCounters)
      .where(
        and(
          eq(usageCounters.corporationId, corporationId),
          eq(usageCounters.metric, metric),
          gte(usageCounters.bucketStart, from),
        ),
      );
    return row?.n ?? 0;
  }

  /** Records that the warning at `level` % went out for the period; false when it had gone out already. */
  async claimAlert(corporationId: string, metric: string, periodStart: string, level: number) {
    const rows = await this.db
      .insert(usageAlerts)
      .values({ corporationId, metric, periodStart, level })
      .onConflictDoNothing()
      .returning({ level: usageAlerts.level });
    return rows.length > 0;
  }
}
