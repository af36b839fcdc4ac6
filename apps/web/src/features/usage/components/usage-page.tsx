import Download from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { UsageSeries } from '@stromwerk/contracts/usage';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { NotFoundPage } from '../../../components/not-found-page';
import { Page } from '../../../components/page';
import { useFormat } from '../../../lib/format';
import { useActiveContext } from '../../../lib/use-active-context';
import { downloadCsv, fetchSeries, type UsageScope, useUsageSeries } from '../usage-api';
import { changeOf, type Preset, presets, previousOf, rangeOf } from '../usage-range';
import { QuotaGauges } from './quota-gauges';
import { UsageChart } from './usage-chart';
import { formatMetric, type ShownMetric, shownMetrics } from './usage-figures';
import { UsageTable } from './usage-table';

/** /{corporation}/usage: the corporation's usage, for its administrators. */
export function CorporationUsagePage() {
  const { t } = useTranslation('usage');
  const { corporation } = useActiveContext();
  if (!corporation) return <NotFoundPage />;
  return (
    <UsageScreen title={t('titleOf', { name: corporation.name })} scope={{ corporationId: corporation.id }} />
  );
}

/** /{corporation}/{workspace}/usage: one workspace's usage, for its readers. */
export function WorkspaceUsagePage() {
  const { t } = useTranslation('usage');
  const { workspace } = useActiveContext();
  if (!workspace) return <NotFoundPage />;
  return <UsageScreen title={t('titleOf', { name: workspace.name })} scope={{ workspaceId: workspace.id }} />;
}

function UsageScreen({ title, scope }: { title: string; scope: UsageScope }) {
  const { t, i18n } = useTranslation('usage');
  const format = useFormat();
  const [preset, setPreset] = useState<Preset>('30d');
  const [custom, setCustom] = useState({ from: '', to: '' });
  const [metric, setMetric] = useState<ShownMetric>('viewer_seconds');
  const [csvError, setCsvError] = useState<unknown>();
  const range = useMemo(() => rangeOf(preset, new Date(), custom), [preset, custom]);
  const previous = previousOf(range);
  const current = useUsageSeries(scope, range);
  const before = useQuery({
    queryKey: [
      'usage',
      'previous',
      JSON.stringify(scope),
      previous.from.toISOString(),
      previous.to.toISOString(),
    ],
    queryFn: ({ signal }) => fetchSeries(scope, previous, signal),
  });
  const show = (m: (typeof shownMetrics)[number] | UsageSeries['metrics'][number], n: number) =>
    formatMetric(format, i18n.language, m, n);
  const tickFormat = useMemo(() => {
    const opts: Intl.DateTimeFormatOptions =
      range.interval === 'hour'
        ? { hour: '2-digit', minute: '2-digit' }
        : range.interval === 'day'
          ? { day: 'numeric', month: 'short' }
          : { month: 'short', year: 'numeric' };
    const f = new Intl.DateTimeFormat(i18n.language, opts);
    return (iso: string) => f.format(new Date(iso));
  }, [range.interval, i18n.language]);

  return (
    <Page
      title={title}
      subtitle={t('subtitle', { from: format.dateTime(range.from), to: format.dateTime(range.to) })}
      actions={
        <Button
          variant="outlined"
          startIcon={<Download />}
          onClick={() => {
            setCsvError(undefined);
            downloadCsv(scope, range).catch(setCsvError);
          }}
        >
          {t('csv')}
        </Button>
      }
    >
      <Stack spacing={3}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
          <TextField
            select
            label={t('range')}
            value={preset}
            onChange={(e) => setPreset(e.target.value as Preset)}
            sx={{ minWidth: 200 }}
          >
            {presets.map((p) => (
              <MenuItem key={p} value={p}>
                {t(`presets.${p}`)}
              </MenuItem>
            ))}
          </TextField>
          {preset === 'custom' && (
            <>
              <TextField
                type="date"
                label={t('from')}
                value={custom.from}
                onChange={(e) => setCustom((c) => ({ ...c, from: e.target.value }))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="date"
                label={t('to')}
                value={custom.to}
                onChange={(e) => setCustom((c) => ({ ...c, to: e.target.value }))}
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </>
          )}
        </Stack>
        {csvError !== undefined && <ErrorAlert error={csvError} />}
        {current.error && <ErrorAlert error={current.error} />}
        <Box
          component="ul"
          aria-label={t('cards')}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
            gap: 2,
            p: 0,
            m: 0,
          }}
        >
          {shownMetrics.map((m) => {
            const now = current.data?.totals[m] ?? 0;
            const change = before.data ? changeOf(now, before.data.totals[m] ?? 0) : null;
            return (
              <Card key={m} component="li" sx={{ listStyle: 'none' }}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {t(`metrics.${m}`)}
                  </Typography>
                  <Typography variant="h3" component="p" sx={{ fontSize: '1.5rem', my: 0.5 }}>
                    {current.data ? show(m, now) : '…'}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {change === null
                      ? t('noComparison')
                      : t('change', {
                          value: new Intl.NumberFormat(i18n.language, {
                            maximumFractionDigits: 0,
                            signDisplay: 'exceptZero',
                          }).format(change),
                        })}
                  </Typography>
                </CardContent>
              </Card>
            );
          })}
        </Box>
        {'corporationId' in scope && <QuotaGauges corporationId={scope.corporationId} />}
        <Card component="section" aria-labelledby="usage-chart-title">
          <CardContent>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1 }}>
              <Typography id="usage-chart-title" variant="h2" sx={{ fontSize: '1.15rem' }}>
                {t('chartTitle', { metric: t(`metrics.${metric}`) })}
              </Typography>
              <TextField
                select
                size="small"
                label={t('metric')}
                value={metric}
                onChange={(e) => setMetric(e.target.value as ShownMetric)}
              >
                {shownMetrics.map((m) => (
                  <MenuItem key={m} value={m}>
                    {t(`metrics.${m}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Stack>
            {current.data ? (
              <UsageChart
                series={current.data}
                metric={metric}
                label={t('all')}
                tick={tickFormat}
                value={(n) => show(metric, n)}
              />
            ) : (
              <Alert severity="info">{t('loading')}</Alert>
            )}
          </CardContent>
        </Card>
        {current.data && <UsageTable series={current.data} show={show} />}
      </Stack>
    </Page>
  );
}
