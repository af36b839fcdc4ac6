import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAudioLevel } from '../hooks/use-audio-level';
import type { StudioMedia } from '../hooks/use-studio-media';
import { LevelMeter } from './level-meter';

/** What the studio sends: the picture (muted: the user does not hear themselves) and the microphone's level. */
export function StudioPreview({ media }: { media: StudioMedia }) {
  const { t } = useTranslation('sources');
  const videoRef = useRef<HTMLVideoElement>(null);
  const level = useAudioLevel(media.microphone);
  const { video } = media;

  useEffect(() => {
    const element = videoRef.current;
    if (!element) return;
    element.srcObject = video ? new MediaStream([video]) : null;
  }, [video]);

  const off = media.cameraOff && !media.screen;
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <Box sx={{ position: 'relative' }}>
        <Box
          component="video"
          ref={videoRef}
          muted
          autoPlay
          playsInline
          aria-label={t('studio.preview')}
          sx={{
            display: 'block',
            width: '100%',
            aspectRatio: '16 / 9',
            bgcolor: 'common.black',
            borderRadius: 1,
          }}
        />
        {off && (
          <Typography
            sx={{
              position: 'absolute',
              inset: 0,
              display: 'grid',
              placeItems: 'center',
              color: 'common.white',
              p: 2,
              textAlign: 'center',
            }}
          >
            {t('studio.previewOff')}
          </Typography>
        )}
      </Box>
      <LevelMeter level={media.muted ? 0 : level} label={t('studio.level')} />
    </Box>
  );
}
