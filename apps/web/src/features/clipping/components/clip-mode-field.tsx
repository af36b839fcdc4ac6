import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { ClipMode } from '@stromwerk/contracts/clips';
import { useTranslation } from 'react-i18next';

/** Fast then exact (default), fast only, or exact only. */
export function ClipModeField({ value, onChange }: { value: ClipMode; onChange: (mode: ClipMode) => void }) {
  const { t } = useTranslation('clipping');
  return (
    <FormControl>
      <FormLabel id="clip-mode-label">{t('form.mode')}</FormLabel>
      <RadioGroup
        aria-labelledby="clip-mode-label"
        value={value}
        onChange={(_, v) => onChange(v as ClipMode)}
      >
        {(['both', 'fast', 'exact'] as const satisfies readonly ClipMode[]).map((mode) => (
          <FormControlLabel key={mode} value={mode} control={<Radio />} label={t(`form.modes.${mode}`)} />
        ))}
      </RadioGroup>
    </FormControl>
  );
}
