import CheckCircle from '@mui/icons-material/CheckCircle';
import Close from '@mui/icons-material/Close';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { ApiError, GenericError } from '@stromwerk/client/api-error';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../../components/use-error-message';
import { useFormat } from '../../../lib/format';
import type { UploadEntry } from '../hooks/use-uploads';

/** The files on their way in: one progress bar, percent and cancel button each; errors per file. */
export function UploadList({
  entries,
  onCancel,
  onDismiss,
}: {
  entries: readonly UploadEntry[];
  onCancel: (id: string) => void;
  onDismiss: (id: string) => void;
}) {
  const { t } = useTranslation('medias');
  if (entries.length === 0) return null;
  return (
    <Card component="section" aria-label={t('upload.listLabel')} sx={{ mb: 2 }}>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {entries.map((entry, index) => (
          <UploadRow
            key={entry.id}
            entry={entry}
            divider={index > 0}
            onCancel={() => onCancel(entry.id)}
            onDismiss={() => onDismiss(entry.id)}
          />
        ))}
      </Box>
    </Card>
  );
}

function UploadRow({
  entry,
  divider,
  onCancel,
  onDismiss,
}: {
  entry: UploadEntry;
  divider: boolean;
  onCancel: () => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('medias');
  const format = useFormat();
  const describe = useUploadError();
  const percent = entry.size > 0 ? Math.round((entry.loaded / entry.size) * 100) : 0;
  const ended = entry.state === 'done' || entry.state === 'failed';
  const status =
    entry.state === 'queued'
      ? t('upload.queued')
      : entry.state === 'checking'
        ? t('upload.checking')
        : entry.state === 'done'
          ? t('upload.done')
          : entry.state === 'failed'
            ? t('upload.failed')
            : t('upload.progress', {
                percent: format.number(percent),
                loaded: format.bytes(entry.loaded),
                total: format.bytes(entry.size),
              });

  return (
    <Box
      component="li"
      aria-label={entry.name}
      sx={{ px: 2, py: 1.25, borderTop: divider ? 1 : 0, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {entry.state === 'done' && <CheckCircle color="success" fontSize="small" aria-hidden />}
        {entry.state === 'failed' && <ErrorOutline color="error" fontSize="small" aria-hidden />}
        <Typography variant="body2" sx={{ fontWeight: 600, flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {entry.name}
        </Typography>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
        >
          {status}
        </Typography>
        <Tooltip title={ended ? t('upload.dismiss') : t('upload.cancel')}>
          <IconButton
            size="small"
            aria-label={
              ended
                ? t('upload.dismissFor', { name: entry.name })
                : t('upload.cancelFor', { name: entry.name })
            }
            onClick={ended ? onDismiss : onCancel}
          >
            <Close fontSize="small" />
          </IconButton>
        </Tooltip>
      </Box>
      {!ended && (
        <LinearProgress
          variant={entry.state === 'uploading' ? 'determinate' : 'indeterminate'}
          value={percent}
          aria-label={t('upload.progressFor', { name: entry.name })}
          sx={{ mt: 0.75, height: 6, borderRadius: 3 }}
        />
      )}
      {entry.state === 'failed' && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
          {describe(entry.error, entry.name)}
        </Typography>
      )}
    </Box>
  );
}

/** The server's reason for refusing a file, in the user's language. */
function useUploadError() {
  const { t } = useTranslation('medias');
  const describe = useErrorMessage();
  return (error: unknown, name: string) => {
    if (error instanceof ApiError) {
      if (error.code === 'UNSUPPORTED_MEDIA') return t('upload.errors.unsupported', { name });
      if (error.code === 'STORAGE_QUOTA_EXCEEDED') return t('upload.errors.quota');
      if (error.code === 'FEATURE_UNAVAILABLE') return t('upload.errors.unavailable');
    }
    if (error instanceof GenericError && error.reason === 'network') return t('upload.errors.network');
    return describe(error);
  };
}
