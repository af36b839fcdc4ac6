import AudiotrackOutlined from '@mui/icons-material/AudiotrackOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import MovieOutlined from '@mui/icons-material/MovieOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { type MouseEvent, useState } from 'react';
import type { MediaItem } from '../api/types';

/** The server's preview strip: this many frames side by side (packages/media PREVIEW_FRAMES). */
const PREVIEW_FRAMES = 10;

/**
 * The still of a media in a 16:9 box; on hover the frame of the preview strip under the pointer shows
 * instead, so moving across the thumbnail scrubs through the media. Decorative: the card names it.
 */
export function MediaThumbnail({ media, compact = false }: { media: MediaItem; compact?: boolean }) {
  const [frame, setFrame] = useState<number | null>(null);
  const video = media.info?.video;
  const preview = !compact && media.links.preview && video ? media.links.preview : null;
  const onMove = (event: MouseEvent<HTMLDivElement>) => {
    if (!preview) return;
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(0.999, Math.max(0, (event.clientX - box.left) / box.width));
    setFrame(Math.floor(fraction * PREVIEW_FRAMES));
  };
  const aspect = video && video.height > 0 ? video.width / video.height : 16 / 9;
  const iconSize = compact ? 20 : 40;

  return (
    <Box
      onMouseMove={onMove}
      onMouseLeave={() => setFrame(null)}
      data-testid="media-thumbnail"
      sx={{
        position: 'relative',
        aspectRatio: '16 / 9',
        width: '100%',
        overflow: 'hidden',
        bgcolor: '#0d1026',
        color: 'rgba(255,255,255,0.72)',
        display: 'grid',
        placeItems: 'center',
      }}
    >
      {media.links.thumbnail ? (
        <Box
          component="img"
          src={media.links.thumbnail}
          alt=""
          loading="lazy"
          draggable={false}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'contain' }}
        />
      ) : media.status === 'processing' ? (
        <CircularProgress size={iconSize * 0.7} color="inherit" aria-hidden />
      ) : media.status === 'failed' ? (
        <ErrorOutline sx={{ fontSize: iconSize }} />
      ) : video ? (
        <MovieOutlined sx={{ fontSize: iconSize }} />
      ) : (
        <AudiotrackOutlined sx={{ fontSize: iconSize }} />
      )}
      {preview && frame !== null && (
        <>
          <Box
            aria-hidden
            data-testid="media-preview-strip"
            sx={{
              position: 'absolute',
              inset: 0,
              m: 'auto',
              aspectRatio: String(aspect),
              ...(aspect >= 16 / 9 ? { width: '100%' } : { height: '100%' }),
              backgroundImage: `url("${preview}")`,
              backgroundSize: `${PREVIEW_FRAMES * 100}% 100%`,
              backgroundPosition: `${(frame * 100) / (PREVIEW_FRAMES - 1)}% 0`,
              backgroundRepeat: 'no-repeat',
            }}
          />
          <Box
            aria-hidden
            sx={{
              position: 'absolute',
              left: 0,
              bottom: 0,
              height: 3,
              width: `${((frame + 1) * 100) / PREVIEW_FRAMES}%`,
              bgcolor: 'secondary.main',
            }}
          />
        </>
      )}
    </Box>
  );
}
