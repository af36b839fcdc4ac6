import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { type Behaviour, behaviours } from '@stromwerk/contracts/values';
import { useTranslation } from 'react-i18next';

/** A player's behaviour circuit, changed from its sheet with the same call as the players screen. */
export function BehaviourField({
  value,
  disabled,
  onChange,
}: {
  value: Behaviour;
  disabled: boolean;
  onChange: (behaviour: Behaviour) => void;
}) {
  const { t } = useTranslation('flowchart');
  return (
    <TextField
      select
      size="small"
      label={t('sheet.behaviour')}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Behaviour)}
      helperText={t(`behaviourHelp.${value}`)}
    >
      {behaviours.map((b) => (
        <MenuItem key={b} value={b}>
          {t(`behaviour.${b}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
