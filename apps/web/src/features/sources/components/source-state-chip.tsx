import Chip from '@mui/material/Chip';
import type { SourceState } from '@stromwerk/contracts/sources';
import { useTranslation } from 'react-i18next';

const colors = {
  live: 'success',
  offline: 'default',
  scheduled: 'info',
  maintenance: 'warning',
} as const;

export function SourceStateChip({ state }: { state: SourceState }) {
  const { t } = useTranslation('sources');
  return (
    <Chip
      size="small"
      color={colors[state]}
      variant={state === 'offline' ? 'outlined' : 'filled'}
      label={t(`state.${state}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}
