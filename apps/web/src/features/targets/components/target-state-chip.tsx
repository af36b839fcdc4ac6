import Chip from '@mui/material/Chip';
import type { TargetState } from '@stromwerk/contracts/targets';
import { useTranslation } from 'react-i18next';

const colors = {
  offline: 'default',
  'almost-online': 'warning',
  online: 'success',
  'not-connected': 'error',
} as const;

export function TargetStateChip({ state }: { state: TargetState }) {
  const { t } = useTranslation('targets');
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
