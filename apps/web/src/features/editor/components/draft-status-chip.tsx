import Chip, { type ChipProps } from '@mui/material/Chip';
import type { Draft } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';

const colour: Record<Draft['status'], ChipProps['color']> = {
  editing: 'default',
  rendering: 'info',
  rendered: 'success',
  failed: 'error',
  broken: 'warning',
};

export function DraftStatusChip({ status }: { status: Draft['status'] }) {
  const { t } = useTranslation('editor');
  return (
    <Chip
      size="small"
      variant={status === 'editing' ? 'outlined' : 'filled'}
      color={colour[status]}
      label={t(`status.${status}`)}
    />
  );
}
