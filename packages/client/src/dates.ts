import { DATE_FIELDS } from '@stromwerk/contracts/date-fields';

type DateField = (typeof DATE_FIELDS)[number];

// Distributes over unions so `string | null` becomes `Date | null`.
type ReviveDate<V> = V extends string ? Date : Revived<V>;

/** A response type as the client hands it out: the spec's date fields are Dates, at any depth. */
export type Revived<T> = T extends Date
  ? T
  : T extends readonly (infer U)[]
    ? Revived<U>[]
    : T extends object
      ? { [K in keyof T]: K extends DateField ? ReviveDate<T[K]> : Revived<T[K]> }
      : T;

const dateFields: ReadonlySet<string> = new Set(DATE_FIELDS);

function toDate(key: string, value: unknown): unknown {
  if (typeof value !== 'string' || !dateFields.has(key)) return value;
  const date = new Date(value);
  // A value that is not a date stays as sent rather than becoming an Invalid Date.
  return Number.isNaN(date.getTime()) ? value : date;
}

/** JSON.parse that revives the date fields; the reviver visits every level, so pages and nesting work. */
export function parseJson<T>(text: string): Revived<T> {
  return JSON.parse(text, (key, value) => toDate(key, value)) as Revived<T>;
}

/** Same revival for values that were parsed elsewhere (for example notification payloads). */
export function reviveDates<T>(value: T): Revived<T> {
  if (Array.isArray(value)) return value.map((item) => reviveDates(item)) as Revived<T>;
  if (typeof value !== 'object' || value === null || value instanceof Date) return value as Revived<T>;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    out[key] = typeof item === 'string' ? toDate(key, item) : reviveDates(item);
  }
  return out as Revived<T>;
}
