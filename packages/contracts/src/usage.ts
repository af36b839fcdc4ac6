import { z } from 'zod';
import { dateTimeSchema } from './common';

export const quotaSchema = z
  .object({
    corporationId: z.uuid(),
    maxWorkspaces: z.number().int().min(0),
    maxUsers: z.number().int().min(0),
    maxStorageBytes: z.number().int().min(0),
    maxSources: z.number().int().min(0),
    maxTargets: z.number().int().min(0),
    maxOutputs: z.number().int().min(0),
    maxViewers: z.number().int().min(0),
    /** Monthly flows; null means no limit. Warned at 80 % and 100 %, then new live sessions and renders wait. */
    maxViewerHoursPerMonth: z.number().int().min(0).max(2_000_000_000).nullable(),
    maxEgressBytesPerMonth: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).nullable(),
    maxLiveHoursPerMonth: z.number().int().min(0).max(2_000_000_000).nullable(),
    maxRenderMinutesPerMonth: z.number().int().min(0).max(2_000_000_000).nullable(),
    /** Hours the players' quality ladders transcode (issue 34); past it, ladders play the source only. */
    maxTranscodeHoursPerMonth: z.number().int().min(0).max(2_000_000_000).nullable(),
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Quota' });
export type Quota = z.infer<typeof quotaSchema>;
export const updateQuotaBodySchema = quotaSchema.omit({ corporationId: true, updatedAt: true }).partial();
export type UpdateQuotaBody = z.infer<typeof updateQuotaBodySchema>;

export const usageSchema = z
  .object({
    corporationId: z.uuid(),
    workspaceId: z.uuid().nullable(),
    workspaces: z.number().int(),
    users: z.number().int(),
    storageBytes: z.number().int(),
    sources: z.number().int(),
    targets: z.number().int(),
    outputs: z.number().int(),
    medias: z.number().int(),
    lastUpdate: dateTimeSchema,
  })
  .meta({ id: 'Usage' });
export type Usage = z.infer<typeof usageSchema>;

export const usageReportSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid().nullable(),
    usage: usageSchema,
    createdAt: dateTimeSchema,
  })
  .meta({ id: 'UsageReport' });
export type UsageReport = z.infer<typeof usageReportSchema>;
export const lastReportResponseSchema = z.object({ report: usageReportSchema.nullable() });
export const createUsageReportBodySchema = z.object({
  corporationId: z.uuid(),
  workspaceId: z.uuid().optional(),
});

/**
 * Metered usage (issue 17). Summed per bucket: seconds and bytes and sessions; gauges (`peak_viewers`,
 * `storage_bytes`) keep the highest value of a bucket and of a series interval.
 */
export const usageMetrics = [
  'viewer_seconds',
  'peak_viewers',
  'unique_viewers',
  'egress_bytes',
  'ingest_seconds',
  'target_seconds',
  'recording_seconds',
  'render_seconds',
  /** Seconds a player's quality ladder was encoded (its writer running), per player (issue 34). */
  'transcode_seconds',
  'storage_bytes',
] as const;
export type UsageMetric = (typeof usageMetrics)[number];
export const gaugeMetrics: readonly UsageMetric[] = ['peak_viewers', 'storage_bytes'];
export const usageMetricSchema = z.enum(usageMetrics);

export const usageIntervals = ['hour', 'day', 'month'] as const;
export type UsageInterval = (typeof usageIntervals)[number];
/** The longest range per interval, so a series has at most ~750 points per group. */
export const USAGE_RANGE_MAX_DAYS: Record<UsageInterval, number> = { hour: 31, day: 731, month: 1827 };

const validTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

export const usageSeriesQuerySchema = z
  .object({
    from: dateTimeSchema,
    to: dateTimeSchema,
    interval: z.enum(usageIntervals).default('day'),
    groupBy: z.enum(['workspace', 'none']).default('workspace'),
    /** Comma-separated metrics; all when absent. */
    metrics: z
      .string()
      .max(400)
      .optional()
      .transform((v, ctx) => {
        if (!v) return [...usageMetrics];
        const list = [...new Set(v.split(',').map((m) => m.trim()))];
        const bad = list.find((m) => !(usageMetrics as readonly string[]).includes(m));
        if (bad) {
          ctx.addIssue({ code: 'custom', message: `Unknown metric ${JSON.stringify(bad.slice(0, 40))}` });
          return z.NEVER;
        }
        return list as UsageMetric[];
      }),
    /** Days and months start at midnight in this IANA time zone. */
    timeZone: z.string().max(64).default('UTC').refine(validTimeZone, 'Unknown time zone'),
  })
  .superRefine((q, ctx) => {
    const from = Date.parse(q.from);
    const to = Date.parse(q.to);
    // An empty range (to = from) is allowed and answers one empty interval; a reversed one is refused.
    if (!(to >= from)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Must not be before from' });
    else if (to - from > USAGE_RANGE_MAX_DAYS[q.interval] * 86_400_000)
      ctx.addIssue({
        code: 'custom',
        path: ['to'],
        message: `At most ${USAGE_RANGE_MAX_DAYS[q.interval]} days with interval ${q.interval}`,
      });
  });
export type UsageSeriesQuery = z.infer<typeof usageSeriesQuerySchema>;

const metricValuesSchema = z.partialRecord(usageMetricSchema, z.number());
export const usageSeriesSchema = z
  .object({
    from: dateTimeSchema,
    to: dateTimeSchema,
    interval: z.enum(usageIntervals),
    timeZone: z.string(),
    metrics: z.array(usageMetricSchema),
    /** The workspaces in the series (grouped by workspace), with their names; a deleted one has none. */
    groups: z.array(z.object({ workspaceId: z.uuid().nullable(), name: z.string().nullable() })),
    /** Every interval start of the range, in order (the axis of a chart). */
    starts: z.array(dateTimeSchema),
    /**
     * A point per interval start and group with a figure: a metric at zero is left out of `values`, and a
     * start and group with no figure at all has no point (read both as 0).
     */
    points: z.array(
      z.object({ start: dateTimeSchema, workspaceId: z.uuid().nullable(), values: metricValuesSchema }),
    ),
    totals: metricValuesSchema,
  })
  .meta({ id: 'UsageSeries' });
export type UsageSeries = z.infer<typeof usageSeriesSchema>;
