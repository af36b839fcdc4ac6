import {
  gaugeMetrics,
  type UsageMetric,
  type UsageSeries,
  type UsageSeriesQuery,
} from '@stromwerk/contracts/usage';
import type { UsageCountersRepository } from './usage-counters.repository';

type Values = Partial<Record<UsageMetric, number>>;

/** Stored bytes per workspace read at `at` (UsageService's one storage truth). */
export interface StorageNow {
  at: number;
  storage: { workspaceId: string | null; bytes: number }[];
}

/** The longest an interval can last (a DST day has 25 hours): `at` lies in the last one when closer. */
const LONGEST_MS: Record<UsageSeriesQuery['interval'], number> = {
  hour: 3_600_000,
  day: 25 * 3_600_000,
  month: 31 * 24 * 3_600_000,
};

/**
 * A usage series: a point per interval start and group that has a figure (metrics at zero and empty
 * points left out; `starts` lists every interval of the range), from the hourly counters
 * summed in the database. Grouped by workspace, every workspace of the scope with usage in the range or
 * still existing is a group; `none` folds them into one (gauges: the highest of any workspace).
 */
export async function usageSeries(
  repo: UsageCountersRepository,
  scope: { corporationId: string; workspaceId: string | null },
  q: UsageSeriesQuery,
  now?: StorageNow,
): Promise<UsageSeries> {
  const from = new Date(q.from);
  const to = new Date(q.to);
  const [rows, starts, names] = await Promise.all([
    repo.series({ ...scope, from, to, interval: q.interval, timeZone: q.timeZone, metrics: q.metrics }),
    repo.intervalStarts(from, to, q.interval, q.timeZone),
    repo.workspaceNames(scope.corporationId),
  ]);
  const byWorkspace = q.groupBy === 'workspace';
  const groupIds = byWorkspace
    ? [
        ...new Set([
          ...(scope.workspaceId ? [scope.workspaceId] : names.keys()),
          ...rows.map((r) => r.workspaceId),
        ]),
      ]
    : [null];
  const zero = () => Object.fromEntries(q.metrics.map((m) => [m, 0])) as Values;
  // Only the cells with a figure: an install's month of hours for 100 workspaces is 72,000 cells, nearly
  // all of them empty (issue 32: the dense answer was 20 MB and took seconds to build).
  const cells = new Map<string, Values>();
  const cellOf = (start: number, g: string | null) => {
    const key = `${start}|${g}`;
    const found = cells.get(key);
    if (found) return found;
    const cell: Values = {};
    cells.set(key, cell);
    return cell;
  };
  const inRange = new Set(starts.map((s) => s.getTime()));
  const groups = new Set(groupIds);
  const totals = zero();
  for (const r of rows) {
    const g = byWorkspace ? r.workspaceId : null;
    if (!inRange.has(r.start.getTime()) || !groups.has(g)) continue;
    // Each row is one workspace's figure; folded together, workspaces add up (storage too).
    const cell = cellOf(r.start.getTime(), g);
    cell[r.metric] = (cell[r.metric] ?? 0) + r.value;
  }
  // Storage is read hourly; the interval that holds now shows what is stored now (issue 33: the card
  // said 0 B while the Limits gauge, read now, said 26 MB).
  const last = starts.at(-1);
  const current =
    now &&
    last &&
    q.metrics.includes('storage_bytes') &&
    now.at >= last.getTime() &&
    now.at - last.getTime() < LONGEST_MS[q.interval];
  if (current) {
    const inCell = new Map<string | null, number>();
    for (const r of now.storage) {
      const g = byWorkspace ? r.workspaceId : null;
      if (r.workspaceId && groups.has(g)) inCell.set(g, (inCell.get(g) ?? 0) + r.bytes);
    }
    for (const [g, bytes] of inCell) {
      const cell = cellOf(last.getTime(), g);
      cell.storage_bytes = Math.max(cell.storage_bytes ?? 0, bytes);
    }
  }
  // Totals: the workspaces of each interval added up; over time flows add, gauges take the highest.
  const folded = new Map<number, Values>();
  for (const [key, values] of cells) {
    const t = Number(key.split('|')[0]);
    const f = folded.get(t) ?? zero();
    for (const m of q.metrics) f[m] = (f[m] ?? 0) + (values[m] ?? 0);
    folded.set(t, f);
  }
  for (const f of folded.values())
    for (const m of q.metrics)
      totals[m] = gaugeMetrics.includes(m)
        ? Math.max(totals[m] ?? 0, f[m] ?? 0)
        : (totals[m] ?? 0) + (f[m] ?? 0);
  // Storage is a level, not a flow: its total is what is stored at the end of the range (now, when the
  // range reaches now: the very figure of the Limits gauge), else the last interval with a reading.
  if (q.metrics.includes('storage_bytes')) {
    const levels = starts.map((s) => folded.get(s.getTime())?.storage_bytes ?? 0).filter((v) => v > 0);
    totals.storage_bytes = current ? now.storage.reduce((sum, r) => sum + r.bytes, 0) : (levels.at(-1) ?? 0);
  }
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    interval: q.interval,
    timeZone: q.timeZone,
    metrics: q.metrics,
    groups: groupIds.map((id) => ({ workspaceId: id, name: id ? (names.get(id) ?? null) : null })),
    starts: starts.map((s) => s.toISOString()),
    points: starts.flatMap((start) =>
      groupIds.flatMap((g) => {
        const cell = cells.get(`${start.getTime()}|${g}`);
        const values = cell && Object.fromEntries(Object.entries(cell).filter(([, v]) => v !== 0));
        return values && Object.keys(values).length > 0
          ? [{ start: start.toISOString(), workspaceId: g, values }]
          : [];
      }),
    ),
    totals,
  };
}

const csvCell = (v: string) => {
  // Names come from users: quote, double quotes inside, and defuse spreadsheet formulas.
  const safe = /^[=+\-@\t\r]/.test(v) ? `'${v}` : v;
  return /[",\n\r]/.test(safe) || safe !== v ? `"${safe.replace(/"/g, '""')}"` : safe;
};

/**
 * The series as CSV: a header row, then one row per interval and group with ISO dates, zeros written out
 * (a spreadsheet user sums columns; the JSON series leaves them out).
 */
export function usageCsv(series: UsageSeries): string {
  const values = new Map(series.points.map((p) => [`${p.start}|${p.workspaceId}`, p.values]));
  const header = ['interval_start', 'workspace_id', 'workspace_name', ...series.metrics];
  const lines = series.starts.flatMap((start) =>
    series.groups.map((g) => {
      const v = values.get(`${start}|${g.workspaceId}`) ?? {};
      return [
        start,
        g.workspaceId ?? '',
        csvCell(g.name ?? ''),
        ...series.metrics.map((m) => String(v[m] ?? 0)),
      ].join(',');
    }),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
