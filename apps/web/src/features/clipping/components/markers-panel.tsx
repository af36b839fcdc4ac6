import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../../components/error-alert';
import { useRemoveMarker } from '../api/markers';
import type { TimelineMarker } from './clip-timeline';

/** The player's markers, each a starting point for a clip. */
export function MarkersPanel({
  outputId,
  markers,
  format,
  onClipFrom,
  onSeek,
}: {
  outputId: string;
  markers: TimelineMarker[];
  format: (at: number) => string;
  onClipFrom: (at: number) => void;
  onSeek: (at: number) => void;
}) {
  const { t } = useTranslation('clipping');
  const remove = useRemoveMarker(outputId);
  return (
    <Box component="section" aria-labelledby="clip-markers-heading">
      <Typography
        id="clip-markers-heading"
        variant="h3"
        component="h2"
        sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}
      >
        {t('markers.title')}
      </Typography>
      {markers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('markers.empty')}
        </Typography>
      ) : (
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.5 }}>
          {markers.map((marker) => {
            const name = marker.label || t('markers.unnamed');
            const time = format(marker.at);
            return (
              <Box component="li" key={marker.id} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Button
                  size="small"
                  onClick={() => onSeek(marker.at)}
                  aria-label={t('markers.seek', { name, time })}
                  sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 0 }}
                >
                  {time}
                </Button>
                <Typography variant="body2" sx={{ flex: 1, minWidth: 0 }} noWrap>
                  {name}
                </Typography>
                <Button
                  size="small"
                  variant="outlined"
                  onClick={() => onClipFrom(marker.at)}
                  aria-label={t('markers.clipFromFor', { name, time })}
                >
                  {t('markers.clipFrom')}
                </Button>
                <Tooltip title={t('markers.delete')}>
                  <IconButton
                    size="small"
                    aria-label={t('markers.deleteFor', { name, time })}
                    onClick={() => remove.mutate(marker.id)}
                    disabled={remove.isPending}
                  >
                    <DeleteOutlined fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            );
          })}
        </Box>
      )}
      <ErrorAlert error={remove.error} />
    </Box>
  );
}
