import TextField from '@mui/material/TextField';
import { type KeyboardEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimal, parseDecimal } from '../../../lib/decimal';

/**
 * A number in the app's language ("0,5" in German, typed with a comma or a point), kept within
 * `min`..`max`: what is typed stays as typed until it is a number in range (then it is passed on); the
 * value from outside (undo, a preset) replaces it when it differs. A text field with the spinbutton role
 * (↑ / ↓ step): a native number input shows the browser's locale, not the app's. Its width grows with
 * its label, which is never cut ("Lautstärke (%)").
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
  error,
  helperText,
}: {
  label: string;
  value: number;
  onChange: (value: number) => void;
  min: number;
  max?: number;
  step?: number;
  width?: number;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
}) {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  const show = (n: number) => formatDecimal(n, locale);
  const [text, setText] = useState(() => show(value));
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new language formats the value anew
  useEffect(() => {
    setText((current) => (parseDecimal(current, locale) === value ? current : show(value)));
  }, [value, locale]);
  const inRange = (n: number | null): n is number =>
    n !== null && n >= min && (max === undefined || n <= max);
  const parsed = parseDecimal(text, locale);
  const enter = (next: string) => {
    setText(next);
    const number = parseDecimal(next, locale);
    if (inRange(number)) onChange(number);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    event.preventDefault();
    const from = parsed ?? value;
    const next = Math.round((from + (event.key === 'ArrowUp' ? step : -step)) * 1000) / 1000;
    enter(show(Math.min(max ?? next, Math.max(min, next))));
  };
  return (
    <TextField
      label={label}
      value={text}
      size="small"
      error={error || !inRange(parsed)}
      helperText={helperText}
      disabled={disabled}
      onChange={(event) => enter(event.target.value)}
      onKeyDown={onKeyDown}
      slotProps={{
        htmlInput: {
          role: 'spinbutton',
          inputMode: 'decimal',
          autoComplete: 'off',
          'aria-valuemin': min,
          'aria-valuemax': max,
          'aria-valuenow': inRange(parsed) ? parsed : undefined,
        },
      }}
      // The floating label is drawn at 75 %: a field a little wider than that never cuts it.
      sx={{ width: `max(${width}px, calc(${label.length}ch * 0.7 + 40px))` }}
    />
  );
}
