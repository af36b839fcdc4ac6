import { BarChart } from '@mui/x-charts/BarChart';
import type { UsageMetric, UsageSeries } from '@stromwerk/contracts/usage';

/**
 * One metric over the range, a bar per interval stacked per workspace. @mui/x-charts loads with the
 * usage screen only (its own chunk), never with /login.
 */
export function UsageChart({
  series,
  metric,
  label,
  tick,
  value,
}: {
  series: UsageSeries;
  metric: UsageMetric;
  label: string;
  tick: (start: string) => string;
  value: (n: number) => string;
}) {
  const starts = series.starts;
  const byKey = new Map(series.points.map((p) => [`${p.start}|${p.workspaceId}`, p.values[metric] ?? 0]));
  return (
    <BarChart
      height={320}
      xAxis={[{ scaleType: 'band', data: starts, valueFormatter: tick }]}
      yAxis={[{ valueFormatter: (n: number) => value(n), width: 80 }]}
      series={series.groups.map((g) => ({
        id: g.workspaceId ?? 'all',
        label: g.name ?? label,
        stack: 'workspaces',
        data: starts.map((s) => byKey.get(`${s}|${g.workspaceId}`) ?? 0),
        valueFormatter: (n: number | null) => value(n ?? 0),
      }))}
      margin={{ left: 8, right: 8 }}
    />
  );
}
