import type { Page } from '@playwright/test';
import { adminToken, e2eEnv } from './env';

const SESSION_KEY = 'stromwerk-session';

/** Storage state with a session (and a language choice) for `test.use({ storageState })`. */
export function sessionState(token: string, lang: 'en' | 'de' = 'en') {
  return {
    cookies: [],
    origins: [
      {
        origin: new URL(e2eEnv().baseUrl).origin,
        localStorage: [
          { name: SESSION_KEY, value: token },
          { name: 'user-lang', value: lang },
        ],
      },
    ],
  };
}

export const adminState = (lang: 'en' | 'de' = 'en') => sessionState(adminToken(), lang);

/** Logs a page in as `token` (for users created inside a test). */
export async function signIn(page: Page, token: string, lang: 'en' | 'de' = 'en', path = '/') {
  await page.goto('/login');
  await page.evaluate(
    ([key, value, language]) => {
      localStorage.setItem(key as string, value as string);
      localStorage.setItem('user-lang', language as string);
    },
    [SESSION_KEY, token, lang],
  );
  await page.goto(path);
}
