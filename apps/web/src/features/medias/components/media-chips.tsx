import Chip from '@mui/material/Chip';
import type { JobState } from '@stromwerk/contracts/jobs';
import type { MediaOrigin, MediaStatus } from '@stromwerk/contracts/medias';
import { useTranslation } from 'react-i18next';

const statusColors = { waiting: 'default', processing: 'info', ready: 'success', failed: 'error' } as const;
const jobColors = {
  queued: 'default',
  running: 'info',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
} as const;

export function MediaStatusChip({ status }: { status: MediaStatus }) {
  const { t } = useTranslation('medias');
  return (
    <Chip
      size="small"
      color={statusColors[status]}
      variant={status === 'ready' ? 'outlined' : 'filled'}
      label={t(`status.${status}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}

export function MediaOriginChip({ origin }: { origin: MediaOrigin }) {
  const { t } = useTranslation('medias');
  return <Chip size="small" variant="outlined" label={t(`origin.${origin}`)} />;
}

export function JobStateChip({ state }: { state: JobState }) {
  const { t } = useTranslation('medias');
  return (
    <Chip
      size="small"
      color={jobColors[state]}
      variant={state === 'queued' || state === 'cancelled' ? 'outlined' : 'filled'}
      label={t(`jobs.state.${state}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}
