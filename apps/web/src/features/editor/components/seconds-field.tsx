import { toMs, toSeconds } from '../timeline-edit';
import { NumberField } from './number-field';

/**
 * A time in seconds, in the app's language (decimal point or comma), for a value kept in milliseconds.
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
  return (
    <NumberField
      label={label}
      value={toSeconds(valueMs)}
      onChange={(seconds) => onChangeMs(toMs(seconds))}
      min={min}
      max={max}
      step={step}
      width={width}
      error={error}
      helperText={helperText}
    />
  );
}
