import { DEFAULT_LOCALE, LOCALE_STORAGE_KEY, LOCALES, type Locale } from '@stromwerk/contracts/limits';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * Spec section 5: a supported stored choice wins; otherwise the browser's languages in order of
 * preference, each in full ("de-AT") and then without its region ("de"); then the default.
 */
export function resolveLocale(stored: string | null | undefined, browser: readonly string[]): Locale {
  if (isLocale(stored)) return stored;
  for (const language of browser) {
    const full = language.toLowerCase();
    if (isLocale(full)) return full;
    const base = full.split('-')[0];
    if (isLocale(base)) return base;
  }
  return DEFAULT_LOCALE;
}

export function storedLocale(): string | null {
  try {
    return localStorage.getItem(LOCALE_STORAGE_KEY);
  } catch {
    return null;
  }
}

export function storeLocale(locale: Locale) {
  try {
    localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Without storage the choice lasts for this visit.
  }
}

export function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language].filter(Boolean);
}
