import type { BackendModule, ResourceKey } from 'i18next';

// Vite turns each file into a lazily loaded chunk of its own. The two English files the first paint
// needs are imported by i18n.ts instead; listing them here too would only add dead glob entries.
const files = import.meta.glob<{ default: ResourceKey }>([
  '../locales/*/*.json',
  '!../locales/en/common.json',
  '!../locales/en/auth.json',
]);

/** One locale file (`locales/<locale>/<namespace>.json`), fetched on first use. */
export async function readLocaleFile(locale: string, namespace: string): Promise<ResourceKey> {
  const load = files[`../locales/${locale}/${namespace}.json`];
  if (!load) throw new Error(`Unknown locale file: ${locale}/${namespace}`);
  return (await load()).default;
}

/**
 * Lets i18next fetch a namespace the moment a component asks for it (`useTranslation('sources')`
 * suspends until then). A failure is passed on without i18next's retries: routes and `applyLocale`
 * load through `loadNamespaces` / `readLocaleFile` and turn it into their error screens.
 */
export const localeFileBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(locale, namespace, callback) {
    readLocaleFile(locale, namespace).then(
      (data) => callback(null, data),
      (error: Error) => callback(error, false),
    );
  },
};
