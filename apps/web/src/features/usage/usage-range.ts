import type { UsageInterval } from '@stromwerk/contracts/usage';

export const presets = ['24h', '7d', '30d', 'thisMonth', 'lastMonth', '12m', 'custom'] as const;
export type Preset = (typeof presets)[number];

export interface UsageRange {
  from: Date;
  to: Date;
  interval: UsageInterval;
}

const DAY = 86_400_000;

/** The interval a range is drawn in: hours up to 48 h, days up to 90 d, then months (Plausible, Mux). */
export function intervalFor(from: Date, to: Date): UsageInterval {
  const ms = to.getTime() - from.getTime();
  if (ms <= 2 * DAY) return 'hour';
  if (ms <= 90 * DAY) return 'day';
  return 'month';
}

const startOfDay = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate());

/** A preset's range in the browser's time zone; `custom` takes the two dates (inclusive days). */
export function rangeOf(preset: Preset, now = new Date(), custom?: { from: string; to: string }): UsageRange {
  const make = (from: Date, to: Date) => ({ from, to, interval: intervalFor(from, to) });
  switch (preset) {
    case '24h': {
      const to = new Date(Math.ceil(now.getTime() / 3_600_000) * 3_600_000);
      return make(new Date(to.getTime() - DAY), to);
    }
    case '7d':
    case '30d': {
      const to = new Date(startOfDay(now).getTime() + DAY);
      const days = preset === '7d' ? 7 : 30;
      return make(new Date(to.getFullYear(), to.getMonth(), to.getDate() - days), to);
    }
    case 'thisMonth':
      return make(
        new Date(now.getFullYear(), now.getMonth(), 1),
        new Date(now.getFullYear(), now.getMonth() + 1, 1),
      );
    case 'lastMonth':
      return make(
        new Date(now.getFullYear(), now.getMonth() - 1, 1),
        new Date(now.getFullYear(), now.getMonth(), 1),
      );
    case '12m':
      return make(
        new Date(now.getFullYear(), now.getMonth() - 11, 1),
        new Date(now.getFullYear(), now.getMonth() + 1, 1),
      );
    case 'custom': {
      const from = custom?.from ? new Date(`${custom.from}T00:00`) : startOfDay(now);
      const last = custom?.to ? new Date(`${custom.to}T00:00`) : startOfDay(now);
      const to = new Date(last.getFullYear(), last.getMonth(), last.getDate() + 1);
      return make(from, to > from ? to : new Date(from.getTime() + DAY));
    }
  }
}

/** The period just before, of the same length: what the cards compare against. */
export function previousOf(range: UsageRange): UsageRange {
  const ms = range.to.getTime() - range.from.getTime();
  return { ...range, from: new Date(range.from.getTime() - ms), to: range.from };
}

/** Change in percent against the previous period; null when there is nothing to compare with. */
export function changeOf(now: number, before: number): number | null {
  if (before === 0) return now === 0 ? 0 : null;
  return ((now - before) / before) * 100;
}
