import Chip from '@mui/material/Chip';
import type { ProgramInput } from '@stromwerk/contracts/outputs';
import { useTranslation } from 'react-i18next';

const colors = {
  offline: 'default',
  main: 'success',
  backup: 'warning',
  fallback: 'info',
  vod: 'secondary',
} as const;

/** What the program shows now: live from the main or backup ingest, the fallback media, the VOD, or nothing. */
export function OutputInputChip({ input }: { input: ProgramInput }) {
  const { t } = useTranslation('outputs');
  return (
    <Chip
      size="small"
      color={colors[input]}
      variant={input === 'offline' ? 'outlined' : 'filled'}
      label={t(`input.${input}`)}
      sx={{ fontWeight: 600 }}
    />
  );
}
