/**
 * i18next set-up: English is bundled, every other locale is fetched on first use (one chunk per
 * namespace file). `applyLocale` loads what is missing before switching, so no screen renders keys.
 */
import type { Locale } from '@stromwerk/contracts/limits';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import account from '../locales/en/account.json';
import auth from '../locales/en/auth.json';
import comments from '../locales/en/comments.json';
import common from '../locales/en/common.json';
import medias from '../locales/en/medias.json';
import navigation from '../locales/en/navigation.json';
import outputs from '../locales/en/outputs.json';
import player from '../locales/en/player.json';
import sources from '../locales/en/sources.json';
import targets from '../locales/en/targets.json';
import tenancy from '../locales/en/tenancy.json';
import { storeLocale } from './locale';

export const namespaces = [
  'common',
  'auth',
  'tenancy',
  'account',
  'navigation',
  'sources',
  'targets',
  'medias',
  'outputs',
  'comments',
  'player',
] as const;
export type Namespace = (typeof namespaces)[number];

const english = {
  common,
  auth,
  tenancy,
  account,
  navigation,
  sources,
  targets,
  medias,
  outputs,
  comments,
  player,
};

// Vite turns each file into its own lazily loaded chunk; English is imported above instead.
const lazyBundles = import.meta.glob<{ default: Record<string, unknown> }>([
  '../locales/*/*.json',
  '!../locales/en/*.json',
]);

export const i18n = i18next.createInstance();

export async function initI18n(): Promise<void> {
  if (i18n.isInitialized) return;
  await i18n.use(initReactI18next).init({
    resources: { en: english },
    lng: 'en',
    fallbackLng: 'en',
    ns: namespaces,
    defaultNS: 'common',
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
  });
}

async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'en') return;
  await Promise.all(
    namespaces.map(async (ns) => {
      if (i18n.hasResourceBundle(locale, ns)) return;
      const load = lazyBundles[`../locales/${locale}/${ns}.json`];
      if (!load) throw new Error(`Unknown locale file: ${locale}/${ns}`);
      const bundle = await load();
      i18n.addResourceBundle(locale, ns, bundle.default, true, true);
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
