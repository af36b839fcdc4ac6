import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { Revived } from '@stromwerk/client/dates';
import type { CreateClipResult } from '@stromwerk/contracts/clips';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useFormat } from '../../../lib/format';
import { useMedia } from '../../medias/api/get-media';
import { useJobs } from '../../medias/api/list-jobs';
import { ClipAccuracyChip } from '../../medias/components/clip-origin';
import { MediaStatusChip } from '../../medias/components/media-chips';

/**
 * A clip just asked for: its media as it appears in the library and its job's progress, both kept
 * current by the live updates (media and job messages refresh these queries).
 */
export function ClipResult({
  created,
  workspaceId,
  libraryPath,
}: {
  created: Revived<CreateClipResult>;
  workspaceId: string;
  libraryPath: string;
}) {
  const { t } = useTranslation('clipping');
  const format = useFormat();
  const media = useMedia(created.media.id);
  const jobs = useJobs(workspaceId);
  const job = jobs.items.find((j) => j.id === created.job.id) ?? created.job;
  const current = media.data ?? created.media;
  const headingId = `clip-${created.media.id}`;
  const percent = Math.round(job.progress);
  return (
    <Card component="li" aria-labelledby={headingId} sx={{ p: 1.5 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Link
          id={headingId}
          component={RouterLink}
          to={libraryPath}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {current.name}
        </Link>
        <MediaStatusChip status={current.status} />
        {current.clip && <ClipAccuracyChip media={current} />}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {t(`result.job.${job.state}`)}
        {current.durationMs != null && ` · ${format.clock(current.durationMs)}`}
      </Typography>
      {(job.state === 'running' || job.state === 'queued') && (
        <LinearProgress
          variant={job.state === 'running' ? 'determinate' : 'indeterminate'}
          value={job.progress}
          aria-label={t('result.progressFor', { name: current.name })}
          aria-valuetext={t('result.percent', { percent: format.number(percent) })}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
      {job.state === 'failed' && job.error && (
        <Typography variant="body2" color="error" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {job.error}
        </Typography>
      )}
      {current.autoDeleteAt && (
        <Chip
          size="small"
          variant="outlined"
          sx={{ mt: 1 }}
          label={t('result.autoDelete', { time: format.dateTime(current.autoDeleteAt) })}
        />
      )}
    </Card>
  );
}
