import { test as base, expect } from '@playwright/test';
import { e2eEnv } from './env';
import { adminState } from './session';

export interface Options {
  /** `owner`: the page starts logged in as the first-run owner. */
  session: 'owner' | 'none';
  lang: 'en' | 'de';
}

/**
 * Playwright's test with the session and language a page starts with. Every test also fails on a
 * Content-Security-Policy violation in its page (issue 10: the flows must work under the strict policy),
 * except frame-ancestors refusals, which the embed test provokes on purpose.
 */
export const test = base.extend<Options & { cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        const text = message.text();
        if (/Content Security Policy/i.test(text) && !/frame-ancestors/.test(text)) violations.push(text);
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
  session: ['none', { option: true }],
  lang: ['en', { option: true }],
  storageState: async ({ session, lang }, use) => {
    if (session === 'owner') return use(adminState(lang));
    const origin = new URL(e2eEnv().baseUrl).origin;
    await use({ cookies: [], origins: [{ origin, localStorage: [{ name: 'user-lang', value: lang }] }] });
  },
});

export { expect };
