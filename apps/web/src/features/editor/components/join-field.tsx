import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type MainClip, TRANSITION_MS, type Transition, transitionTypes } from '@stromwerk/contracts/drafts';
import { useTranslation } from 'react-i18next';
import { SecondsField } from './seconds-field';

/** The join after a main clip: its transition and how long it overlaps the two clips. */
export function JoinField({
  clip,
  number,
  tooLong,
  onChange,
}: {
  clip: MainClip;
  number: number;
  tooLong: boolean;
  onChange: (transition: Transition) => void;
}) {
  const { t } = useTranslation('editor');
  const type = clip.transitionOut?.type ?? 'cut';
  const durationMs = clip.transitionOut?.durationMs ?? 1000;
  return (
    <Box
      role="group"
      aria-label={t('join.label', { number })}
      sx={{ width: 150, display: 'grid', gap: 1, alignContent: 'center', px: 0.5 }}
    >
      <TextField
        select
        size="small"
        label={t('join.type')}
        value={type}
        onChange={(e) => onChange({ type: e.target.value as typeof type, durationMs })}
      >
        {transitionTypes.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`join.types.${value}`)}
          </MenuItem>
        ))}
      </TextField>
      {type !== 'cut' && (
        <SecondsField
          label={t('join.duration')}
          valueMs={durationMs}
          min={TRANSITION_MS.min / 1000}
          max={TRANSITION_MS.max / 1000}
          width={150}
          error={tooLong}
          helperText={tooLong ? t('join.tooLong') : undefined}
          onChangeMs={(ms) =>
            onChange({ type, durationMs: Math.min(TRANSITION_MS.max, Math.max(TRANSITION_MS.min, ms)) })
          }
        />
      )}
    </Box>
  );
}
