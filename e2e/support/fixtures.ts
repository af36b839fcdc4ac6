import { test as base } from '@playwright/test';
import { e2eEnv } from './env';
import { adminState } from './session';

export interface Options {
  /** `owner`: the page starts logged in as the first-run owner. */
  session: 'owner' | 'none';
  lang: 'en' | 'de';
}

/** Playwright's test with the session and language a page starts with. */
export const test = base.extend<Options>({
  session: ['none', { option: true }],
  lang: ['en', { option: true }],
  storageState: async ({ session, lang }, use) => {
    if (session === 'owner') return use(adminState(lang));
    const origin = new URL(e2eEnv().baseUrl).origin;
    await use({ cookies: [], origins: [{ origin, localStorage: [{ name: 'user-lang', value: lang }] }] });
  },
});

export { expect } from '@playwright/test';
