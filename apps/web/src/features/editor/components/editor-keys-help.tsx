import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

const GROUPS = ['anywhere', 'playhead', 'clipCard', 'clipEdge'] as const;

/** Every key of the editor, by where it works (the playhead's, the edges' and the page's own keys). */
export function EditorKeysHelp() {
  const { t } = useTranslation('editor');
  return (
    <Box
      component="ul"
      aria-label={t('editor.keysLabel')}
      sx={{ m: 0, pl: 2.5, display: 'grid', gap: 0.25, typography: 'body2', color: 'text.secondary' }}
    >
      {GROUPS.map((group) => (
        <li key={group}>{t(`editor.keys.${group}`)}</li>
      ))}
    </Box>
  );
}
