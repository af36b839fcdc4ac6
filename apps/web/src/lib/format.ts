import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Dates and numbers in the active locale, through Intl (spec section 1: German formats too). */
export function useFormat() {
  const { i18n } = useTranslation();
  const locale = i18n.language;
  return useMemo(() => {
    const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
    const dateTime = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    const number = new Intl.NumberFormat(locale);
    const relative = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    const list = new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' });
    return {
      date: (value: Date | string) => date.format(new Date(value)),
      dateTime: (value: Date | string) => dateTime.format(new Date(value)),
      number: (value: number) => number.format(value),
      /** "5 minutes ago", "yesterday": the largest unit that fits, relative to `now`. */
      relativeTime: (value: Date | string, now: number = Date.now()) =>
        relative.format(...relativeParts(new Date(value).getTime() - now)),
      list: (values: readonly string[]) => list.format(values),
      /** "4.2 MB", "812 kB": decimal units as file managers show them. */
      bytes: (value: number) => formatBytes(value, locale),
      /** A media length as a clock: "0:04", "12:05", "1:02:03". */
      clock: (ms: number) => formatClock(ms),
      /** A remaining time in words: "45 seconds", "3 minutes", "1 hour, 5 minutes". */
      timeLeft: (seconds: number) => formatTimeLeft(seconds, locale),
    };
  }, [locale]);
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600_000],
  ['month', 30 * 24 * 3600_000],
  ['week', 7 * 24 * 3600_000],
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
];

/** A time difference in ms as the value and unit Intl.RelativeTimeFormat takes (under a minute: seconds). */
export function relativeParts(diffMs: number): [number, Intl.RelativeTimeFormatUnit] {
  for (const [unit, ms] of UNITS) {
    if (Math.abs(diffMs) >= ms) return [Math.round(diffMs / ms), unit];
  }
  // Within a few seconds (and small clock skew into the future): "now".
  return [Math.abs(diffMs) < 10_000 ? 0 : Math.round(diffMs / 1000), 'second'];
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

export function formatBytes(value: number, locale: string): string {
  // Intl spells the smallest unit out ("812 byte"); every locale reads the symbol.
  if (value < 1000) return `${new Intl.NumberFormat(locale).format(Math.max(0, value))} B`;
  let unit = 0;
  let amount = Math.max(0, value);
  while (amount >= 1000 && unit < BYTE_UNITS.length - 1) {
    amount /= 1000;
    unit += 1;
  }
  return new Intl.NumberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[unit],
    unitDisplay: 'short',
    maximumFractionDigits: unit === 0 || amount >= 100 ? 0 : 1,
  }).format(amount);
}

export function formatClock(ms: number): string {
  const total = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

export function formatTimeLeft(seconds: number, locale: string): string {
  const total = Math.max(0, Math.round(seconds));
  const unit = (value: number, name: 'hour' | 'minute' | 'second') =>
    new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: 'long' }).format(value);
  if (total < 60) return unit(total, 'second');
  const minutes = Math.round(total / 60);
  if (minutes < 60) return unit(minutes, 'minute');
  const parts = [unit(Math.floor(minutes / 60), 'hour')];
  if (minutes % 60 > 0) parts.push(unit(minutes % 60, 'minute'));
  return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
}
