/**
 * Decimal numbers as people of a locale read and type them, through Intl: "0,12" in German, "0.12" in
 * English. A native number input shows the browser's locale instead of the app's (a German page showed
 * "0.12"), so the editor's number fields are text fields that format and parse with these.
 */

/** The locale's decimal separator ("," for de, "." for en). */
export function decimalSeparator(locale: string): string {
  return new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
}

/** `value` with up to `maxDigits` decimals in `locale`, without grouping (no "10.008" for ten thousand). */
export function formatDecimal(value: number, locale: string, maxDigits = 3): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: maxDigits, useGrouping: false }).format(
    value,
  );
}

/**
 * What the user typed as a number, or null when it is none. The locale's separator is the decimal mark; a
 * point is taken too (a German user typing "0.5" means a half: these fields hold no thousands).
 */
export function parseDecimal(text: string, locale: string): number | null {
  const plain = text.trim().replace(/\s/g, '').replace('\u2212', '-');
  const normal = decimalSeparator(locale) === ',' ? plain.replace(',', '.') : plain;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)$/.test(normal)) return null;
  const number = Number(normal);
  return Number.isFinite(number) ? number : null;
}
