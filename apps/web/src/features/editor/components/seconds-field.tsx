import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { toMs, toSeconds } from '../timeline-edit';

/**
 * A time in seconds (decimal point or comma) for a value kept in milliseconds. What is typed stays as
 * typed until it is a number; the value from outside (undo, another field) replaces it when it differs.
 */
export function SecondsField({
  label,
  valueMs,
  onChangeMs,
  error,
  helperText,
  min = 0,
  max,
  step = 0.1,
  width = 96,
}: {
  label: string;
  valueMs: number;
  onChangeMs: (ms: number) => void;
  error?: boolean;
  helperText?: string;
  min?: number;
  max?: number;
  step?: number;
  width?: number;
}) {
  const [text, setText] = useState(String(toSeconds(valueMs)));
  useEffect(() => {
    setText((current) =>
      toMs(Number(current.replace(',', '.'))) === valueMs ? current : String(toSeconds(valueMs)),
    );
  }, [valueMs]);
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      type="number"
      error={error}
      helperText={helperText}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        const seconds = Number(next.replace(',', '.'));
        if (next.trim() !== '' && Number.isFinite(seconds)) onChangeMs(toMs(seconds));
      }}
      slotProps={{ htmlInput: { min, max, step, inputMode: 'decimal' } }}
      sx={{ width }}
    />
  );
}
