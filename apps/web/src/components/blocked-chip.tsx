import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/**
 * Marks a user or corporation a platform administrator blocked: refused everywhere until unblocked. A
 * plain span, not a Chip: the switcher is part of /login's first load, which has no bytes to spare.
 */
export function BlockedChip() {
  const { t } = useTranslation('tenancy');
  return (
    <Box
      component="span"
      sx={{
        ml: 1,
        px: 0.75,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        verticalAlign: 'middle',
        fontSize: '0.75rem',
        fontWeight: 600,
        color: 'error.main',
        border: 1,
        borderColor: 'error.main',
        borderRadius: 4,
      }}
    >
      <BlockOutlined sx={{ fontSize: '0.9rem' }} aria-hidden="true" />
      {t('blocked')}
    </Box>
  );
}
