import BlockOutlined from '@mui/icons-material/BlockOutlined';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

/** Marks a user or corporation a platform administrator blocked: refused everywhere until unblocked. */
export function BlockedChip() {
  const { t } = useTranslation('tenancy');
  return (
    <Chip
      size="small"
      color="error"
      variant="outlined"
      icon={<BlockOutlined />}
      label={t('blocked')}
      sx={{ ml: 1, verticalAlign: 'middle' }}
    />
  );
}
