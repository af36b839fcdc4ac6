import type { UsageMetric } from '@stromwerk/contracts/usage';
import type { useFormat } from '../../../lib/format';

/** The figures the cards, chart and table show, and the unit each is shown in. */
export const shownMetrics = [
  'viewer_seconds',
  'peak_viewers',
  'unique_viewers',
  'egress_bytes',
  'ingest_seconds',
  'render_seconds',
  'transcode_seconds',
  'storage_bytes',
] as const satisfies readonly UsageMetric[];
export type ShownMetric = (typeof shownMetrics)[number];

type Format = ReturnType<typeof useFormat>;

/** A metric's value in its display unit: hours, minutes, bytes or a count, in the user's language. */
export function formatMetric(format: Format, locale: string, metric: UsageMetric, value: number): string {
  const decimals = (n: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(n);
  switch (metric) {
    case 'viewer_seconds':
    case 'ingest_seconds':
    case 'target_seconds':
    case 'recording_seconds':
    case 'transcode_seconds':
      return `${decimals(value / 3600, 1)} h`;
    case 'render_seconds':
      return `${decimals(value / 60, 1)} min`;
    case 'egress_bytes':
    case 'storage_bytes':
      return format.bytes(value);
    default:
      return format.number(value);
  }
}
