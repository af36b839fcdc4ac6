import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormat } from '../../../lib/format';
import { useCancelJob } from '../../medias/api/cancel-job';
import { useMedia } from '../../medias/api/get-media';
import { useJobs } from '../../medias/api/list-jobs';
import type { JobItem } from '../../medias/api/types';

/**
 * The draft's render job: its progress while it runs (live job messages patch the jobs list), then the
 * new media with a link to Media Management. A running render can be cancelled (the server removes its
 * partial output; the draft's media stay as they were).
 */
export function RenderStatus({
  jobId,
  started,
  draftName,
  workspaceId,
  libraryPath,
}: {
  jobId: string;
  started?: JobItem;
  draftName: string;
  workspaceId: string;
  libraryPath: string;
}) {
  const { t } = useTranslation('editor');
  const format = useFormat();
  const jobs = useJobs(workspaceId);
  const job = jobs.items.find((j) => j.id === jobId) ?? (started?.id === jobId ? started : undefined);
  const result = useMedia(job?.state === 'done' ? (job.resultMediaId ?? null) : null);
  const cancel = useCancelJob();
  if (!job) return null;
  const percent = Math.round(job.progress);
  return (
    <Box aria-live="polite" sx={{ display: 'grid', gap: 1 }}>
      {(job.state === 'queued' || job.state === 'running') && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2">
              {job.state === 'queued'
                ? t('render.queued')
                : t('render.running', { percent: format.number(percent) })}
              {job.state === 'running' &&
                job.etaSeconds != null &&
                ` · ${t('render.timeLeft', { time: format.timeLeft(job.etaSeconds) })}`}
            </Typography>
            <Button
              size="small"
              color="inherit"
              loading={cancel.isPending}
              onClick={() => cancel.mutate(job.id)}
            >
              {t('render.cancel')}
            </Button>
          </Box>
          <ErrorAlert error={cancel.error} />
          <LinearProgress
            variant={job.state === 'running' ? 'determinate' : 'indeterminate'}
            value={job.progress}
            aria-label={t('render.progressFor', { name: draftName })}
            aria-valuetext={t('render.percent', { percent: format.number(percent) })}
            sx={{ height: 6, borderRadius: 3 }}
          />
        </>
      )}
      {job.state === 'done' && (
        <Alert severity="success">
          {t('render.done')}{' '}
          <Link component={RouterLink} to={libraryPath} sx={{ fontWeight: 600 }}>
            {result.data?.name ?? t('render.open')}
          </Link>
          {result.data?.durationMs != null && ` · ${format.clock(result.data.durationMs)}`}
        </Alert>
      )}
      {job.state === 'failed' && (
        <Alert severity="error">
          {t('render.failed')}
          {job.error && ` ${job.error}`}
        </Alert>
      )}
      {job.state === 'cancelled' && <Alert severity="info">{t('render.cancelled')}</Alert>}
    </Box>
  );
}
