import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { Quota, Usage, UsageMetric, UsageSeries } from '@stromwerk/contracts/usage';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { api } from '../../../lib/api-client';
import { useFormat } from '../../../lib/format';
import { fetchSeries } from '../usage-api';
import { formatMetric } from './usage-figures';

type Gauge = { key: string; used: number; limit: number | null; metric?: UsageMetric };

/** What the corporation uses against each limit of its quota (counts now, flows this UTC month). */
export function gaugesOf(
  quota: Omit<Quota, 'updatedAt'>,
  usage: Omit<Usage, 'lastUpdate'>,
  month: UsageSeries['totals'],
): Gauge[] {
  const m = (metric: UsageMetric) => month[metric] ?? 0;
  return [
    { key: 'workspaces', used: usage.workspaces, limit: quota.maxWorkspaces },
    { key: 'users', used: usage.users, limit: quota.maxUsers },
    { key: 'sources', used: usage.sources, limit: quota.maxSources },
    { key: 'targets', used: usage.targets, limit: quota.maxTargets },
    { key: 'outputs', used: usage.outputs, limit: quota.maxOutputs },
    { key: 'storage', used: usage.storageBytes, limit: quota.maxStorageBytes, metric: 'storage_bytes' },
    {
      key: 'viewerHours',
      used: m('viewer_seconds'),
      limit: quota.maxViewerHoursPerMonth === null ? null : quota.maxViewerHoursPerMonth * 3600,
      metric: 'viewer_seconds',
    },
    { key: 'egress', used: m('egress_bytes'), limit: quota.maxEgressBytesPerMonth, metric: 'egress_bytes' },
    {
      key: 'liveHours',
      used: m('ingest_seconds'),
      limit: quota.maxLiveHoursPerMonth === null ? null : quota.maxLiveHoursPerMonth * 3600,
      metric: 'ingest_seconds',
    },
    {
      key: 'renderMinutes',
      used: m('render_seconds'),
      limit: quota.maxRenderMinutesPerMonth === null ? null : quota.maxRenderMinutesPerMonth * 60,
      metric: 'render_seconds',
    },
    {
      key: 'transcodeHours',
      used: m('transcode_seconds'),
      limit: quota.maxTranscodeHoursPerMonth === null ? null : quota.maxTranscodeHoursPerMonth * 3600,
      metric: 'transcode_seconds',
    },
  ];
}

/** Share of the limit used, 0-100 (a zero limit counts as full). */
export const percentOf = (used: number, limit: number) =>
  limit <= 0 ? 100 : Math.min(100, Math.round((used / limit) * 100));

/**
 * The corporation's limits as gauges (issue 17): counts and storage are hard limits, the monthly flows
 * warn at 80 % and stop new live sessions and renders at 100 %. Install administrators set them.
 */
export function QuotaGauges({ corporationId }: { corporationId: string }) {
  const { t, i18n } = useTranslation('usage');
  const format = useFormat();
  const data = useQuery({
    queryKey: ['usage', 'quota', corporationId],
    queryFn: async ({ signal }) => {
      const now = new Date();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
      const [quota, usage, month] = await Promise.all([
        api.usage.quota({ params: { id: corporationId } }, { signal }),
        api.usage.ofCorporation({ params: { id: corporationId } }, { signal }),
        fetchSeries({ corporationId }, { from: monthStart, to: now, interval: 'month' }, signal),
      ]);
      return gaugesOf(quota, usage, month.totals);
    },
  });
  const show = (g: Gauge, n: number) =>
    g.metric ? formatMetric(format, i18n.language, g.metric, n) : format.number(n);
  return (
    <Card component="section" aria-labelledby="quota-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Typography id="quota-title" variant="h2" sx={{ fontSize: '1.1rem' }}>
          {t('quota.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('quota.help')}
        </Typography>
        <ErrorAlert error={data.error} />
        <Box
          component="ul"
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))',
            gap: 2,
            p: 0,
            m: 0,
          }}
        >
          {data.data?.map((g) => {
            const label = t(`quota.items.${g.key}`);
            const text =
              g.limit === null
                ? t('quota.noLimit', { used: show(g, g.used) })
                : t('quota.of', { used: show(g, g.used), limit: show(g, g.limit) });
            const percent = g.limit === null ? 0 : percentOf(g.used, g.limit);
            return (
              <Box component="li" key={g.key} sx={{ listStyle: 'none' }} data-testid={`quota-${g.key}`}>
                <Typography variant="body2">{label}</Typography>
                <LinearProgress
                  variant="determinate"
                  value={percent}
                  color={percent >= 100 ? 'error' : percent >= 80 ? 'warning' : 'primary'}
                  aria-label={label}
                  aria-valuetext={text}
                  sx={{ my: 0.5, height: 8, borderRadius: 4 }}
                />
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </Box>
            );
          })}
        </Box>
      </CardContent>
    </Card>
  );
}
