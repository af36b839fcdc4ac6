import { beforeAll, describe, expect, it } from 'vitest';
import { applyLocale, i18n, initI18n, loadNamespaces } from './i18n';

// One i18next instance for the whole app: the steps below run in order on it.
describe('translations loaded per namespace', () => {
  beforeAll(() => initI18n());

  it('bundle only what the login area and the shell need', () => {
    expect(i18n.hasResourceBundle('en', 'common')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'auth')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'sources')).toBe(false);
    expect(i18n.t('auth:login.submit')).toBe('Log in');
  });

  it('load a namespace when a screen asks for it', async () => {
    await loadNamespaces(['sources']);
    expect(i18n.t('sources:title')).toBe('Stream Sources');
  });

  it('bring every namespace in use along when the locale changes, and nothing else', async () => {
    await applyLocale('de');
    expect(i18n.t('sources:title')).toBe('Stream-Quellen');
    expect(document.documentElement.lang).toBe('de');
    expect(i18n.hasResourceBundle('de', 'targets')).toBe(false);

    await loadNamespaces(['targets']);
    expect(i18n.t('targets:title')).toBe('Livestream-Ziele');

    await applyLocale('en');
    expect(i18n.t('targets:title')).toBe('Live-Stream Targets');
    expect(i18n.t('auth:login.submit')).toBe('Log in');
  });

  it('reject an unknown locale file instead of rendering keys', async () => {
    await expect(loadNamespaces(['nope' as never])).rejects.toThrow(/failed to load/);
  });
});
