import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { Permission } from '@stromwerk/contracts/permissions';
import { useTranslation } from 'react-i18next';

const levels: Permission[] = ['read', 'write', 'admin'];

/** A permission level; with `noneLabel` also "none" (the empty value: no membership at that level). */
export function PermissionSelect({
  label,
  value,
  onChange,
  noneLabel,
  id,
}: {
  label: string;
  value: Permission | null;
  onChange: (value: Permission | null) => void;
  noneLabel?: string;
  id?: string;
}) {
  const { t } = useTranslation('tenancy');
  return (
    <TextField
      select
      id={id}
      label={label}
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as Permission | null)}
      sx={{ minWidth: 160 }}
      // "None" is the empty value: shown as such, not as an empty field under its label.
      slotProps={noneLabel ? { inputLabel: { shrink: true }, select: { displayEmpty: true } } : undefined}
    >
      {noneLabel && <MenuItem value="">{noneLabel}</MenuItem>}
      {levels.map((level) => (
        <MenuItem key={level} value={level}>
          {t(`permissions.${level}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}
