import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { gaugeMetrics, type UsageMetric, type UsageSeries } from '@stromwerk/contracts/usage';
import { useTranslation } from 'react-i18next';
import { shownMetrics } from './usage-figures';

/** The range per workspace: flows summed, gauges their highest interval. */
export function UsageTable({
  series,
  show,
}: {
  series: UsageSeries;
  show: (metric: UsageMetric, n: number) => string;
}) {
  const { t } = useTranslation('usage');
  const rows = series.groups.map((g) => {
    const totals: Partial<Record<UsageMetric, number>> = {};
    for (const p of series.points)
      if (p.workspaceId === g.workspaceId)
        for (const m of shownMetrics) {
          const v = p.values[m] ?? 0;
          totals[m] = gaugeMetrics.includes(m) ? Math.max(totals[m] ?? 0, v) : (totals[m] ?? 0) + v;
        }
    return { ...g, totals };
  });
  return (
    <Card component="section" aria-labelledby="usage-table-title">
      <CardContent>
        <Typography id="usage-table-title" variant="h2" sx={{ fontSize: '1.15rem', mb: 2 }}>
          {t('tableTitle')}
        </Typography>
        {/* Its cells hold no control: where the German headers make the table scroll sideways, the
            container itself takes the keyboard focus so the arrow keys scroll it (axe:
            scrollable-region-focusable), named by the title for a screen reader. */}
        <TableContainer tabIndex={0} role="group" aria-labelledby="usage-table-title">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {t('workspace')}
                </TableCell>
                {shownMetrics.map((m) => (
                  <TableCell key={m} component="th" scope="col" align="right">
                    {t(`metrics.${m}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.workspaceId ?? 'all'}>
                  <TableCell component="th" scope="row">
                    {r.name ?? (r.workspaceId ? t('deletedWorkspace') : t('all'))}
                  </TableCell>
                  {shownMetrics.map((m) => (
                    <TableCell key={m} align="right">
                      {show(m, r.totals[m] ?? 0)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
