import { authRoutes } from '@stromwerk/contracts/api/auth';
import { adminApi, ownerHome } from './support/api';
import { adminEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { routeUrl } from './support/routes';

test('login, switch workspace, change language, logout', async ({ page }) => {
  const { corporation } = await ownerHome();
  const target = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `Switch ${Date.now()}`,
    },
  });
  const { email, password } = adminEnv();

  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your workspaces' })).toBeVisible();

  await page.getByRole('button', { name: /Switch workspace/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Switch workspace' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Search workspaces').fill(target.name.toUpperCase());
  await dialog.getByRole('button', { name: target.name }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(`/${corporation.id}/${target.id}`);
  await expect(page.getByRole('heading', { level: 1, name: target.name })).toBeVisible();

  // Home (the logo) lists it under the last visited workspaces, and finds it by search.
  await page.getByRole('link', { name: 'Stromwerk – home' }).click();
  const recent = page.getByRole('region', { name: 'Recently visited' });
  await expect(recent.getByRole('link', { name: new RegExp(target.name) })).toBeVisible();
  await page.getByLabel('Search workspaces').fill(target.name.slice(2).toLowerCase());
  await expect(page.getByRole('heading', { name: '1 workspace found' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(target.name) }).click();
  await expect(page).toHaveURL(`/${corporation.id}/${target.id}`);

  await page.getByRole('button', { name: 'Language: English' }).click();
  await page.getByRole('menuitem', { name: 'Deutsch' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bereiche' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect(await page.evaluate(() => localStorage.getItem('user-lang'))).toBe('de');
  await page.reload();
  await expect(
    page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Stream-Quellen' }),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Kontomenü' }).click();
  await page.getByRole('menuitem', { name: 'Abmelden' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Bei Stromwerk anmelden' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('stromwerk-session'))).toBeNull();

  // Logged out, the app routes every page to the login.
  await page.goto(`/${corporation.id}/${target.id}`);
  await expect(page).toHaveURL(/\/login$/);
});

test('login form validates with the spec texts and reports wrong credentials', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email address').blur();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByText('Required')).toHaveCount(2);
  // A failed submit moves focus to the first invalid field.
  await expect(page.getByLabel('Email address')).toBeFocused();
  await page.getByLabel('Email address').fill('not-an-address');
  await expect(page.getByText('Invalid email address')).toBeVisible();

  await page.getByLabel('Email address').fill('nobody@e2e.stromwerk.test');
  await page.getByLabel('Password').fill('wrong-password');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Email address or password is not correct.');
});

test.describe('start-up', () => {
  test.use({ session: 'owner' });

  test('a failure shows the reload advice; a 401 logs out', async ({ page }) => {
    await page.route(routeUrl(authRoutes.me), (route) => route.fulfill({ status: 500, body: '{}' }));
    await page.goto('/');
    await expect(page.getByRole('alert')).toHaveText('Something went wrong, please reload the app.');
    await expect(page.getByRole('button', { name: 'Reload' })).toBeVisible();

    await page.unroute(routeUrl(authRoutes.me));
    await page.route(routeUrl(authRoutes.me), (route) =>
      route.fulfill({
        status: 401,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 401, code: 'TOKEN_INVALID', message: 'Session expired' }),
      }),
    );
    await page.goto('/user/settings');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('stromwerk-session'))).toBeNull();
  });
});

test('a deep link survives the login: after it the user lands where the link pointed', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  const { email, password } = adminEnv();
  const deepLink = `/${corporation.id}/${workspace.id}/media?origin=upload#library`;
  await page.goto(deepLink);
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(deepLink);
  await expect(page.getByRole('heading', { level: 1, name: 'Media Management' })).toBeVisible();
});
