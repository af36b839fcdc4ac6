import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../lib/format';
import type { MediaItem } from '../api/types';
import { ClipAccuracyChip, ClipOrigin } from './clip-origin';
import { type MediaAction, MediaActions } from './media-actions';
import { SelectBox, type Selection } from './media-card';
import { MediaOriginChip, MediaStatusChip } from './media-chips';
import { MediaThumbnail } from './media-thumbnail';

/** Columns that give way on narrow screens; name, status and actions always stay. */
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;
const medium = { display: { xs: 'none', sm: 'table-cell' } } as const;

export function MediaTable({
  items,
  onAction,
  selection,
}: {
  items: MediaItem[];
  onAction: (action: MediaAction, media: MediaItem) => void;
  selection?: Selection;
}) {
  const { t } = useTranslation('medias');
  const format = useFormat();
  return (
    <Card sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={t('listLabel')}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Box component="span" sx={visuallyHidden}>
                  {t('selection.column')}
                </Box>
              </TableCell>
            )}
            <TableCell sx={{ width: 88, ...medium }}>
              <Box component="span" sx={visuallyHidden}>
                {t('table.preview')}
              </Box>
            </TableCell>
            <TableCell>{t('table.name')}</TableCell>
            <TableCell sx={wide}>{t('table.origin')}</TableCell>
            <TableCell>{t('table.status')}</TableCell>
            <TableCell align="right" sx={medium}>
              {t('table.duration')}
            </TableCell>
            <TableCell align="right" sx={medium}>
              {t('table.size')}
            </TableCell>
            <TableCell sx={wide}>{t('table.created')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('table.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((media) => (
            <TableRow key={media.id} hover selected={selection?.ids.includes(media.id)}>
              {selection && (
                <TableCell padding="checkbox">
                  <SelectBox media={media} selection={selection} />
                </TableCell>
              )}
              <TableCell sx={{ py: 0.75, ...medium }}>
                <ButtonBase
                  aria-label={t('actions.playFor', { name: media.name })}
                  disabled={!media.links.original}
                  onClick={() => onAction('play', media)}
                  sx={{ width: 72, borderRadius: 1, overflow: 'hidden', display: 'block' }}
                >
                  <MediaThumbnail media={media} compact />
                </ButtonBase>
              </TableCell>
              <TableCell sx={{ maxWidth: 320 }}>
                <Typography variant="body2" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {media.name}
                </Typography>
                {media.status === 'failed' && media.error && (
                  <Typography variant="caption" color="error" sx={{ display: 'block' }}>
                    {media.error}
                  </Typography>
                )}
                {(media.clip || media.autoDeleteAt) && <ClipOrigin media={media} />}
              </TableCell>
              <TableCell sx={wide}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  <MediaOriginChip origin={media.origin} />
                  <ClipAccuracyChip media={media} />
                </Box>
              </TableCell>
              <TableCell>
                <MediaStatusChip status={media.status} />
              </TableCell>
              <TableCell align="right" sx={{ fontVariantNumeric: 'tabular-nums', ...medium }}>
                {media.durationMs != null ? format.clock(media.durationMs) : '–'}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap', ...medium }}>
                {format.bytes(media.sizeBytes)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap', ...wide }}>{format.date(media.createdAt)}</TableCell>
              <TableCell align="right" sx={{ py: 0 }}>
                <MediaActions media={media} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Card>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
