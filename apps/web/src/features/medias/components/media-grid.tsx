import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { MediaItem } from '../api/types';
import type { MediaAction } from './media-actions';
import { MediaCard, type Selection } from './media-card';

export function MediaGrid({
  items,
  onAction,
  selection,
}: {
  items: MediaItem[];
  onAction: (action: MediaAction, media: MediaItem) => void;
  selection?: Selection;
}) {
  const { t } = useTranslation('medias');
  return (
    <Box
      component="ul"
      aria-label={t('listLabel')}
      sx={{
        listStyle: 'none',
        m: 0,
        p: 0,
        display: 'grid',
        gap: { xs: 1.5, sm: 2 },
        gridTemplateColumns: {
          xs: 'repeat(auto-fill, minmax(min(100%, 160px), 1fr))',
          sm: 'repeat(auto-fill, minmax(220px, 1fr))',
        },
      }}
    >
      {items.map((media) => (
        <MediaCard key={media.id} media={media} onAction={onAction} selection={selection} />
      ))}
    </Box>
  );
}
