import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { Revived } from '@stromwerk/client/dates';
import type { CreateClipResult } from '@stromwerk/contracts/clips';
import { useTranslation } from 'react-i18next';
import { ClipResult } from './clip-result';
import { OpenInEditor } from './open-in-editor';

/** The clips asked for on this screen, in the order the editor keeps them, and the way to the editor. */
export function ClipResults({
  created,
  workspaceId,
  libraryPath,
}: {
  created: Revived<CreateClipResult>[];
  workspaceId: string;
  libraryPath: string;
}) {
  const { t } = useTranslation('clipping');
  if (created.length === 0) return null;
  return (
    <Box component="section" aria-labelledby="clip-results-heading">
      <Typography
        id="clip-results-heading"
        variant="h3"
        component="h2"
        sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}
      >
        {t('result.title')}
      </Typography>
      <Box
        component="ul"
        role="list"
        aria-live="polite"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {created.map((item) => (
          <ClipResult
            key={item.media.id}
            created={item}
            workspaceId={workspaceId}
            libraryPath={libraryPath}
          />
        ))}
      </Box>
      <OpenInEditor created={created} workspaceId={workspaceId} />
    </Box>
  );
}
