import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { type ChangeEvent, type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface TextInputProps {
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  onBlur?: () => void;
  name?: string;
  id?: string;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  startAdornment?: ReactNode;
  maxLength?: number;
  inputMode?: InputHTMLAttributes<HTMLInputElement>['inputMode'];
  sx?: SxProps<Theme>;
}

/**
 * An outlined text field built from its parts. MUI's TextField also bundles Select, Menu and the
 * filled/standard inputs; the login page does not need them, and /login must stay small.
 */
export function TextInput({
  label,
  id,
  helperText,
  error,
  required,
  disabled,
  readOnly,
  startAdornment,
  maxLength,
  inputMode,
  sx,
  ...input
}: TextInputProps) {
  const generated = useId();
  const inputId = id ?? generated;
  const helperId = helperText ? `${inputId}-helper` : undefined;
  return (
    <FormControl fullWidth error={error} required={required} disabled={disabled} sx={sx}>
      <InputLabel htmlFor={inputId}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={inputId}
        label={required ? `${label} *` : label}
        startAdornment={startAdornment}
        aria-describedby={helperId}
        inputProps={{ readOnly, maxLength, inputMode }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
