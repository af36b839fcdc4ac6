import PlayCircleFilledOutlined from '@mui/icons-material/PlayCircleFilledOutlined';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { MediaItem } from '../api/types';
import { ClipAccuracyChip, ClipOrigin } from './clip-origin';
import { type MediaAction, MediaActions } from './media-actions';
import { MediaOriginChip, MediaStatusChip } from './media-chips';
import { MediaThumbnail } from './media-thumbnail';
import { selectable } from './selection-bar';

/** Which media are selected (in the order they were picked) and how to pick or drop one. */
export interface Selection {
  ids: string[];
  toggle: (media: MediaItem, on: boolean) => void;
}

export function SelectBox({ media, selection, sx }: { media: MediaItem; selection: Selection; sx?: object }) {
  const { t } = useTranslation('medias');
  return (
    <Checkbox
      size="small"
      checked={selection.ids.includes(media.id)}
      disabled={!selectable(media)}
      onChange={(e) => selection.toggle(media, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('selection.select', { name: media.name }) } }}
      sx={sx}
    />
  );
}

/** One media in the grid: thumbnail with hover preview (a play button), name, facts and actions. */
export function MediaCard({
  media,
  onAction,
  selection,
}: {
  media: MediaItem;
  onAction: (action: MediaAction, media: MediaItem) => void;
  selection?: Selection;
}) {
  const { t } = useTranslation('medias');
  const format = useFormat();
  const headingId = `media-${media.id}`;
  const facts = [format.bytes(media.sizeBytes), format.date(media.createdAt)];
  return (
    <Card
      component="li"
      aria-labelledby={headingId}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <ButtonBase
        aria-label={t('actions.playFor', { name: media.name })}
        disabled={!media.links.original}
        onClick={() => onAction('play', media)}
        sx={{
          display: 'block',
          position: 'relative',
          '&:hover .play-hint, &.Mui-focusVisible .play-hint': { opacity: 1 },
          '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: -3 },
        }}
      >
        <MediaThumbnail media={media} />
        <PlayCircleFilledOutlined
          className="play-hint"
          aria-hidden
          sx={{
            position: 'absolute',
            top: 8,
            left: 8,
            fontSize: 32,
            color: '#fff',
            opacity: 0,
            transition: 'opacity 120ms',
            filter: 'drop-shadow(0 1px 2px rgba(0,0,0,0.6))',
          }}
        />
        {media.durationMs != null && (
          <Box
            component="span"
            sx={{
              position: 'absolute',
              right: 8,
              bottom: 8,
              px: 0.75,
              py: 0.25,
              borderRadius: 1,
              bgcolor: 'rgba(0,0,0,0.78)',
              color: '#fff',
              typography: 'caption',
              fontWeight: 600,
              fontVariantNumeric: 'tabular-nums',
            }}
          >
            {format.clock(media.durationMs)}
          </Box>
        )}
      </ButtonBase>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.5, p: 1.5, pr: 0.5, flex: 1 }}>
        {selection && <SelectBox media={media} selection={selection} sx={{ ml: -1, mt: -0.75 }} />}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            id={headingId}
            variant="subtitle1"
            component="h2"
            title={media.name}
            sx={{
              fontWeight: 600,
              lineHeight: 1.3,
              overflowWrap: 'anywhere',
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {media.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
            {facts.join(' · ')}
          </Typography>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 1 }}>
            <MediaOriginChip origin={media.origin} />
            {media.status !== 'ready' && <MediaStatusChip status={media.status} />}
            <ClipAccuracyChip media={media} />
          </Box>
          {(media.clip || media.autoDeleteAt) && (
            <Box sx={{ mt: 0.75 }}>
              <ClipOrigin media={media} />
            </Box>
          )}
          {media.status === 'failed' && media.error && (
            <Typography variant="body2" color="error" sx={{ mt: 0.75, overflowWrap: 'anywhere' }}>
              {media.error}
            </Typography>
          )}
        </Box>
        <MediaActions media={media} onAction={onAction} />
      </Box>
    </Card>
  );
}
