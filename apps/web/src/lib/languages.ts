import type { Locale } from '@stromwerk/contracts/limits';

/** Spec section 3 "Language": code, name (from the locale files: `languages.<code>`), flagName. */
export interface Language {
  code: Locale;
  flagName: string;
}

export const languages: readonly Language[] = [
  { code: 'en', flagName: 'us' },
  { code: 'de', flagName: 'de' },
];
