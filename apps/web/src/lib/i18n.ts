/**
 * i18next set-up. Only what /login and the shell around it need is bundled: English `common` and `auth`.
 * Every other file (the other English namespaces, every file of every other locale) is a chunk of its
 * own, fetched on first use: by a route or sheet as it loads (`loadNamespaces`), or else by
 * `useTranslation`, which suspends until it is there. `applyLocale` loads every namespace in use before
 * switching, so no screen renders keys.
 */
import type { Locale } from '@stromwerk/contracts/limits';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import auth from '../locales/en/auth.json';
import common from '../locales/en/common.json';
import { storeLocale } from './locale';
import { localeFileBackend, readLocaleFile } from './locale-files';

export const namespaces = [
  'common',
  'auth',
  'errors',
  'tenancy',
  'account',
  'navigation',
  'sources',
  'targets',
  'failures',
  'medias',
  'outputs',
  'comments',
  'player',
  'clipping',
  'editor',
  'socials',
  'flowchart',
  'admin',
  'usage',
] as const;
export type Namespace = (typeof namespaces)[number];

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n
    .use(localeFileBackend)
    .use(initReactI18next)
    .init({
      resources: { en: { common, auth } },
      // i18next appends each namespace it loads later to this list, which is how `applyLocale` knows
      // what is in use; hence a fresh array.
      ns: ['common', 'auth'],
      lng: 'en',
      fallbackLng: 'en',
      defaultNS: 'common',
      partialBundledLanguages: true,
      interpolation: { escapeValue: false },
    });
}

/** Namespaces loaded or loading so far (i18next's own list, see `initI18n`). */
function namespacesInUse(): string[] {
  const { ns } = i18n.options;
  return typeof ns === 'string' ? [ns] : [...(ns ?? [])];
}

/**
 * Loads namespaces for the active locale (and English under it) ahead of the screen that needs them,
 * so its code and its texts arrive together. Rejects when a file could not be fetched, where
 * `useTranslation` would go on with keys.
 */
export async function loadNamespaces(list: readonly Namespace[]): Promise<void> {
  const missing = () => list.filter((ns) => !i18n.hasResourceBundle(i18n.language, ns));
  if (missing().length === 0) return;
  await i18n.loadNamespaces([...list]);
  const failed = missing();
  if (failed.length > 0)
    throw new Error(`Locale files failed to load: ${i18n.language}/${failed.join(', ')}`);
}

async function loadLocale(locale: Locale): Promise<void> {
  await Promise.all(
    namespacesInUse().map(async (ns) => {
      if (i18n.hasResourceBundle(locale, ns)) return;
      i18n.addResourceBundle(locale, ns, await readLocaleFile(locale, ns), true, true);
    }),
  );
}

/** Loads the locale's files if needed, switches, and updates <html lang>. */
export async function applyLocale(locale: Locale, options: { persist?: boolean } = {}): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  document.documentElement.lang = locale;
  if (options.persist) storeLocale(locale);
}

export function currentLocale(): Locale {
  return i18n.language === 'de' ? 'de' : 'en';
}
