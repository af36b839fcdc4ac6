import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useSourcePreview } from '../api/source-preview';

/** A small live picture of a source, refreshed every few seconds while it is live. */
export function SourcePreview({ sourceId, name, live }: { sourceId: string; name: string; live: boolean }) {
  const { t } = useTranslation('sources');
  const url = useSourcePreview(sourceId, live);
  if (!url) return null;
  return (
    <Box
      component="img"
      src={url}
      alt={t('preview', { name })}
      data-testid="source-preview"
      sx={{
        display: { xs: 'none', sm: 'block' },
        width: 128,
        aspectRatio: '16 / 9',
        objectFit: 'cover',
        borderRadius: 1,
        bgcolor: 'common.black',
        flexShrink: 0,
      }}
    />
  );
}
