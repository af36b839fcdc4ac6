import type { Browser } from '@playwright/test';
import { createMember, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * Revocable sessions (issue 10, finding 4): two browsers are logged in as one user; the first ends the
 * other's session from User settings, and the other lands on the login page at its next request.
 */
const CHROME_ON_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0';

async function logIn(browser: Browser, userAgent: string, email: string, password: string) {
  const context = await browser.newContext({ userAgent });
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
  return { context, page };
}

test('log out another browser from User settings; it is sent to the login page', async ({ browser }) => {
  // Two logins (argon2) and three browsers' pages: more than a minute on a busy machine.
  test.setTimeout(120_000);
  const { corporation, workspace } = await ownerHome();
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    label: 'sessions',
  });
  const first = await logIn(browser, CHROME_ON_WINDOWS, member.email, member.password);
  const other = await logIn(browser, FIREFOX_ON_LINUX, member.email, member.password);
  try {
    const page = first.page;
    await page.goto('/user/settings');
    const card = page.getByRole('region', { name: 'Sessions' });
    const list = card.getByRole('list', { name: 'Sessions' });
    // Sign-up, this browser and the other one.
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const mine = list.getByRole('listitem').filter({ hasText: 'This browser' });
    await expect(mine).toHaveCount(1);
    await expect(mine).toContainText('Chrome on Windows');
    await expect(mine).toContainText('127.0.0.1');
    await expect(list.getByText('Firefox on Linux')).toBeVisible();

    await card.getByRole('button', { name: 'Log out Firefox on Linux' }).click();
    await expect(list.getByText('Firefox on Linux')).toHaveCount(0);
    await expect(list.getByRole('listitem')).toHaveCount(2);

    // The other browser goes back to the login page: by itself (its live connection's credentials are
    // refused within seconds), or at its next request, which meets a dead token. Under load the first may
    // come before the test could open its menu, so the next request is a reload.
    await expect(async () => {
      if (!/\/login$/.test(other.page.url())) await other.page.reload();
      await expect(other.page).toHaveURL(/\/login$/, { timeout: 3000 });
    }).toPass({ timeout: 30_000 });
    await expect(other.page.getByRole('button', { name: 'Log in' })).toBeVisible();

    // "Log out everywhere" ends this browser's session too.
    await card.getByRole('button', { name: 'Log out everywhere' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Log out everywhere' }).click();
    await expect(page).toHaveURL(/\/login$/);
  } finally {
    await first.context.close();
    await other.context.close();
  }
});
