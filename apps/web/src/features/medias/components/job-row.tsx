import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import StopCircleOutlined from '@mui/icons-material/StopCircleOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useFormat } from '../../../lib/format';
import { useNow } from '../../../lib/use-now';
import { useCancelJob } from '../api/cancel-job';
import { useDeleteJob } from '../api/delete-job';
import { useMedia } from '../api/get-media';
import { isActiveJob } from '../api/list-jobs';
import { useRetryJob } from '../api/publish';
import type { JobItem } from '../api/types';
import { JobStateChip } from './media-chips';

/** One job: what it does to which media, its state and, while running, how far it is. */
export function JobRow({ job }: { job: JobItem }) {
  const { t } = useTranslation('medias');
  const format = useFormat();
  const now = useNow(15_000);
  const media = useMedia(job.mediaId);
  const cancel = useCancelJob();
  const remove = useDeleteJob();
  const retry = useRetryJob();
  const retriable = job.type === 'social-post' && (job.state === 'failed' || job.state === 'cancelled');
  const active = isActiveJob(job);
  const mediaName = media.data?.name ?? (media.isError || !job.mediaId ? t('jobs.mediaGone') : '…');
  const title = t(`jobs.type.${job.type}`);
  const headingId = `job-${job.id}`;
  const percent = Math.round(job.progress);
  const ended = job.finishedAt ?? job.cancelledAt;

  return (
    <Card
      component="li"
      aria-labelledby={headingId}
      sx={{
        p: { xs: 1.5, sm: 2 },
        borderLeftWidth: 4,
        borderLeftColor:
          job.state === 'running' ? 'info.main' : job.state === 'failed' ? 'error.main' : 'divider',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
            <Typography id={headingId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <JobStateChip state={job.state} />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {mediaName} ·{' '}
            {ended
              ? t('jobs.ended', { time: format.relativeTime(ended, now) })
              : job.startedAt
                ? t('jobs.started', { time: format.relativeTime(job.startedAt, now) })
                : t('jobs.created', { time: format.relativeTime(job.createdAt, now) })}
          </Typography>
        </Box>
        {active ? (
          <Tooltip title={t('jobs.cancel')}>
            <IconButton
              aria-label={t('jobs.cancelFor', { type: title, name: mediaName })}
              onClick={() => cancel.mutate(job.id)}
              disabled={cancel.isPending}
            >
              <StopCircleOutlined />
            </IconButton>
          </Tooltip>
        ) : (
          <>
            {retriable && (
              <Tooltip title={t('jobs.retry')}>
                <IconButton
                  aria-label={t('jobs.retryFor', { type: title, name: mediaName })}
                  onClick={() => retry.mutate(job.id)}
                  disabled={retry.isPending}
                >
                  <ReplayOutlined />
                </IconButton>
              </Tooltip>
            )}
            <Tooltip title={t('jobs.delete')}>
              <IconButton
                aria-label={t('jobs.deleteFor', { type: title, name: mediaName })}
                onClick={() => remove.mutate(job.id)}
                disabled={remove.isPending}
              >
                <DeleteOutlined />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Box>
      {job.state === 'running' && (
        <Box sx={{ mt: 1.25 }}>
          <LinearProgress
            variant="determinate"
            value={job.progress}
            aria-label={t('jobs.progressFor', { type: title, name: mediaName })}
            sx={{ height: 8, borderRadius: 4 }}
          />
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ mt: 0.5, display: 'flex', justifyContent: 'space-between', gap: 1 }}
          >
            <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }} data-testid="job-percent">
              {t('jobs.percent', { percent: format.number(percent) })}
            </Box>
            {job.etaSeconds != null && (
              <Box component="span">{t('jobs.timeLeft', { time: format.timeLeft(job.etaSeconds) })}</Box>
            )}
          </Typography>
        </Box>
      )}
      {job.state === 'queued' && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('jobs.waiting')}
        </Typography>
      )}
      {job.state === 'done' && job.resultUrl && (
        <Typography variant="body2" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
          {t('jobs.published')}{' '}
          {/^https?:\/\//.test(job.resultUrl) ? (
            <Link href={job.resultUrl} target="_blank" rel="noopener noreferrer" data-testid="job-result-url">
              {job.resultUrl}
            </Link>
          ) : (
            <Box component="span" data-testid="job-result-url">
              {job.resultUrl}
            </Box>
          )}
        </Typography>
      )}
      {job.state === 'failed' && job.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
          {t('jobs.error', { error: job.error })}
        </Typography>
      )}
      <ErrorAlert error={cancel.error ?? remove.error ?? retry.error} />
    </Card>
  );
}
