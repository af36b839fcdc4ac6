import Close from '@mui/icons-material/Close';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import { formatStreamInfo } from '../../../lib/format-stream';
import type { MediaItem } from '../api/types';

/** Plays a media from its signed link: a video player, or an audio player for audio-only media. */
export function PreviewDialog({ media, onClose }: { media: MediaItem | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('medias');
  const { t: tCommon } = useTranslation('common');
  const format = useFormat();
  const fullScreen = useMediaQuery('(max-width:599px)');
  const video = Boolean(media?.info?.video);
  const facts = media
    ? [
        formatStreamInfo(media.info, i18n.language),
        media.durationMs != null ? format.clock(media.durationMs) : null,
        format.bytes(media.sizeBytes),
      ].filter(Boolean)
    : [];

  return (
    <Dialog open={media !== null} onClose={onClose} maxWidth="md" fullWidth fullScreen={fullScreen}>
      {media && (
        <>
          <DialogTitle sx={{ pr: 7, overflowWrap: 'anywhere' }}>{media.name}</DialogTitle>
          <IconButton
            aria-label={tCommon('actions.close')}
            onClick={onClose}
            sx={{ position: 'absolute', right: 12, top: 12 }}
          >
            <Close />
          </IconButton>
          <DialogContent>
            {video ? (
              <Box
                component="video"
                controls
                autoPlay
                playsInline
                src={media.links.original ?? undefined}
                poster={media.links.thumbnail ?? undefined}
                aria-label={t('preview.player', { name: media.name })}
                sx={{ display: 'block', width: '100%', maxHeight: '70vh', bgcolor: '#000', borderRadius: 2 }}
              />
            ) : (
              <Box
                component="audio"
                controls
                autoPlay
                src={media.links.original ?? undefined}
                aria-label={t('preview.player', { name: media.name })}
                sx={{ display: 'block', width: '100%' }}
              />
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {facts.join(' · ')}
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, py: 2 }}>
            <Button
              component="a"
              href={media.links.download ?? undefined}
              download
              disabled={!media.links.download}
              startIcon={<DownloadOutlined />}
            >
              {t('actions.download')}
            </Button>
            <Button variant="contained" onClick={onClose}>
              {tCommon('actions.close')}
            </Button>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
