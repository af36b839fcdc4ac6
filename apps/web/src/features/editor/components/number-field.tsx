import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/**
 * A number kept within `min`..`max`: what is typed stays as typed until it is a number in range (then it
 * is passed on); the value from outside (undo, a preset) replaces it when it differs.
 */
export function NumberField({
  label,
  value,
  onChange,
  min,
  max,
  step = 1,
  width = 96,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max: number;
  step?: number;
  width?: number;
  disabled?: boolean;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => {
    setText((current) => (Number(current.replace(',', '.')) === value ? current : String(value)));
  }, [value]);
  const parsed = Number(text.replace(',', '.'));
  const bad = text.trim() === '' || !Number.isFinite(parsed) || parsed < min || parsed > max;
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      type="number"
      error={bad}
      disabled={disabled}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const number = Number(next.replace(',', '.'));
        if (next.trim() !== '' && Number.isFinite(number) && number >= min && number <= max) onChange(number);
      }}
      slotProps={{ htmlInput: { min, max, step, inputMode: 'decimal' } }}
      sx={{ width }}
    />
  );
}
