import Box from '@mui/material/Box';
import type { AudioClip, OverlayClip } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { useMedia } from '../../medias/api/get-media';
import { blockBox, mediaWindow } from '../strip-math';

const rowLabel = {
  position: 'absolute',
  left: 4,
  top: 2,
  fontSize: 11,
  color: 'text.secondary',
  pointerEvents: 'none',
} as const;

/** One audio track's clips at their places, each with its media's waveform over the part it plays. */
export function StripAudioRow({
  clips,
  number,
  scale,
}: {
  clips: AudioClip[];
  number: number;
  scale: number;
}) {
  const { t } = useTranslation('editor');
  return (
    <Box sx={{ position: 'relative', height: 48, bgcolor: 'action.hover', borderRadius: 0.5 }}>
      <Box component="span" sx={rowLabel}>
        {t('strip.audioTrack', { number })}
      </Box>
      {clips.map((clip) => (
        <AudioBlock key={clip.id} clip={clip} scale={scale} />
      ))}
    </Box>
  );
}

function AudioBlock({ clip, scale }: { clip: AudioClip; scale: number }) {
  const media = useMedia(clip.mediaId);
  const box = blockBox(clip.atMs, clip.durationMs, scale);
  const wave = media.data?.links.waveform;
  const part = mediaWindow(clip.inMs, clip.durationMs, media.data?.durationMs, box.width);
  return (
    <Box
      data-testid="strip-audio"
      title={media.data?.name}
      style={{
        ...box,
        backgroundImage: wave && part ? `url("${wave}")` : undefined,
        backgroundSize: part?.size,
        backgroundPositionX: part?.x,
      }}
      sx={{
        position: 'absolute',
        top: 16,
        bottom: 2,
        borderRadius: 0.5,
        border: 1,
        borderColor: 'info.main',
        bgcolor: 'background.paper',
        backgroundRepeat: 'no-repeat',
      }}
    />
  );
}

/** Height of one overlay's lane: each title or image has its own, so overlapping ones stay visible. */
const LANE_PX = 20;

/** Titles and images above the picture, where and how long each shows, one lane each. */
export function StripOverlayRow({ overlays, scale }: { overlays: OverlayClip[]; scale: number }) {
  const { t } = useTranslation('editor');
  return (
    <Box
      style={{ height: overlays.length * LANE_PX + 16 }}
      sx={{ position: 'relative', bgcolor: 'action.hover', borderRadius: 0.5 }}
    >
      <Box component="span" sx={rowLabel}>
        {t('strip.overlays')}
      </Box>
      {overlays.map((o, lane) => (
        <Box
          key={o.id}
          data-testid="strip-overlay"
          style={{ ...blockBox(o.atMs, o.durationMs, scale), top: 16 + lane * LANE_PX }}
          sx={{
            position: 'absolute',
            height: LANE_PX - 3,
            borderRadius: 0.5,
            bgcolor: o.type === 'text' ? 'primary.dark' : 'success.dark',
            color: 'common.white',
            fontSize: 11,
            px: 0.5,
            overflow: 'hidden',
            whiteSpace: 'nowrap',
            textOverflow: 'ellipsis',
          }}
        >
          {o.type === 'text' ? o.text : t('strip.image')}
        </Box>
      ))}
    </Box>
  );
}
