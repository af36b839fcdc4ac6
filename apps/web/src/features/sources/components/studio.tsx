import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { SectionCard } from '../../../components/section-card';
import type { SourceItem } from '../../../lib/queries/source-item';
import { useStreamKey } from '../api/stream-key';
import { type StudioMedia, useStudioMedia } from '../hooks/use-studio-media';
import { useWhipPublish } from '../hooks/use-whip-publish';
import { whipEndpoint } from '../hooks/whip-offer';
import { StudioBroadcast } from './studio-broadcast';
import { StudioDevices } from './studio-devices';
import { StudioPreview } from './studio-preview';

/** Why there is no camera or microphone, and the way out where there is one. */
function MediaProblem({ media }: { media: StudioMedia }) {
  const { t } = useTranslation('sources');
  if (media.status === 'ready') return null;
  if (media.status === 'starting')
    return (
      <Typography role="status" color="text.secondary">
        {t('studio.starting')}
      </Typography>
    );
  const text =
    media.status === 'unsupported'
      ? t('studio.unsupported')
      : media.status === 'denied'
        ? t('studio.denied')
        : media.status === 'no-devices'
          ? t('studio.noDevices')
          : t('studio.deviceFailed', { message: media.failure });
  return (
    <Alert
      severity={media.status === 'failed' ? 'error' : 'warning'}
      action={
        media.status === 'unsupported' ? undefined : (
          <Button color="inherit" size="small" onClick={media.retry}>
            {t('studio.retry')}
          </Button>
        )
      }
    >
      {text}
    </Alert>
  );
}

/**
 * Going live from the browser with a WHIP source: the capture (useStudioMedia), the publish
 * (useWhipPublish, with the source's stream key as bearer token) and what the server reports.
 */
export function Studio({ source }: { source: SourceItem }) {
  const { t } = useTranslation('sources');
  const media = useStudioMedia();
  const key = useStreamKey(source.id, true);
  const publish = useWhipPublish({
    endpoint: whipEndpoint(key.data?.ingestUrl ?? source.ingestUrl, window.location.origin),
    token: key.data?.streamKey,
    video: media.video,
    audio: media.microphone,
  });
  const canStart = Boolean(key.data && (media.video || media.microphone));

  return (
    <Box
      sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <MediaProblem media={media} />
        <StudioPreview media={media} />
      </Box>
      <Box sx={{ display: 'grid', gap: 3 }}>
        <SectionCard title={t('studio.broadcast')}>
          <StudioBroadcast source={source} publish={publish} canStart={canStart} />
          {key.error ? (
            <Box sx={{ mt: 2 }}>
              <ErrorAlert error={key.error} />
            </Box>
          ) : null}
        </SectionCard>
        <SectionCard title={t('studio.devices')}>
          <StudioDevices media={media} />
        </SectionCard>
      </Box>
    </Box>
  );
}
