import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi, type NewOutput, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';

/** Every screen, both languages: axe must report no serious or critical violation. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
}

for (const lang of ['en', 'de'] as const) {
  const en = lang === 'en';

  test.describe(`logged out (${lang})`, () => {
    test.use({ lang });

    const paths = [
      '/login',
      '/login/forgot-password',
      '/login/reset-password?token=some-token-123456',
      '/login/reset-password',
      '/login/verify-email?token=some-token-123456',
      '/login/create-account?code=unknown-code',
    ];
    // One page walks through the screens (a context and an app start per screen cost more than axe).
    test(`every logged-out screen (${lang})`, async ({ page }) => {
      for (const path of paths)
        await test.step(path, async () => {
          await open(page, path);
          await expectAccessible(page, `${path} (${lang})`, { soft: true });
        });
    });

    test(`create account with a valid invitation (${lang})`, async ({ page }) => {
      const { corporation } = await ownerHome();
      const invitation = await adminApi().invitations.create({
        body: {
          corporationId: corporation.id,
          email: `a11y-${Date.now()}-${lang}@e2e.stromwerk.test`,
          permissions: ['read'],
        },
      });
      await open(page, `/login/create-account?code=${invitation.code}`);
      await expect(
        page.getByRole('button', { name: en ? 'Create account' : 'Konto erstellen' }),
      ).toBeVisible();
      await expectAccessible(page, `create account (${lang})`);
    });

    test(`public player with comments, and its password prompt (${lang})`, async ({ page }) => {
      const { workspace } = await ownerHome();
      const create = (body: Omit<NewOutput, 'workspaceId' | 'name'>) =>
        adminApi().outputs.create({
          body: { workspaceId: workspace.id, name: `A11y player ${lang}`, ...body },
        });
      const withComments = await create({ commentsEnabled: true, moderation: 'approval' });
      await page.goto(`/player/${withComments.id}`);
      await expect(
        page.getByRole('button', { name: en ? 'Post comment' : 'Kommentar senden' }),
      ).toBeVisible();
      await expectAccessible(page, `player page (${lang})`);
      const locked = await create({ passwords: ['a11y-secret'] });
      await page.goto(`/player/${locked.id}`);
      await expect(page.getByRole('button', { name: en ? 'Watch' : 'Ansehen' })).toBeVisible();
      await expectAccessible(page, `player password prompt (${lang})`);
    });

    test(`login with validation errors and the logged-out search sheet (${lang})`, async ({ page }) => {
      await open(page, '/login');
      await page.getByRole('button', { name: en ? 'Log in' : 'Anmelden' }).click();
      await expect(page.getByText(en ? 'Required' : 'Pflichtfeld').first()).toBeVisible();
      await expectAccessible(page, `/login with errors (${lang})`);
      await page.getByRole('button', { name: en ? 'Search' : 'Suche', exact: true }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `search sheet logged out (${lang})`);
    });
  });

  test.describe(`logged in (${lang})`, () => {
    test.use({ session: 'owner', lang });

    const screens: [string, (ids: { c: string; w: string }) => string][] = [
      ['home', () => '/'],
      ['add workspace', () => '/add-workspace'],
      ['corporation', ({ c }) => `/${c}`],
      ['workspace home', ({ c, w }) => `/${c}/${w}`],
      ['stream sources', ({ c, w }) => `/${c}/${w}/sources`],
      ['live-stream targets', ({ c, w }) => `/${c}/${w}/targets`],
      ['player & recorder', ({ c, w }) => `/${c}/${w}/players`],
      ['media management', ({ c, w }) => `/${c}/${w}/media`],
      ['media jobs', ({ c, w }) => `/${c}/${w}/media?tab=jobs`],
      ['comments tool', ({ c, w }) => `/${c}/${w}/comments`],
      ['flowchart', ({ c, w }) => `/${c}/${w}/flowchart`],
      ['user settings', () => '/user/settings'],
      ['socials', () => '/user/socials'],
      ['not found', () => '/does-not/exist/at-all'],
    ];
    // Two walks per language (a context and an app start per screen cost more than axe itself).
    const halves = [screens.slice(0, 7), screens.slice(7)];
    for (const [i, half] of halves.entries()) {
      test(`main screens, part ${i + 1} of 2 (${lang})`, async ({ page }) => {
        test.setTimeout(120_000);
        const { corporation, workspace } = await ownerHome();
        for (const [name, path] of half)
          await test.step(name, async () => {
            await open(page, path({ c: corporation.id, w: workspace.id }));
            await expectAccessible(page, `${name} (${lang})`, { soft: true });
          });
      });
    }

    test(`player form (${lang})`, async ({ page }) => {
      const { corporation, workspace } = await ownerHome();
      await open(page, `/${corporation.id}/${workspace.id}/players`);
      await page
        .getByRole('button', { name: en ? 'Add player' : 'Player hinzufügen' })
        .first()
        .click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expect(page.getByRole('radiogroup')).toBeVisible();
      await expectAccessible(page, `player form (${lang})`);
    });

    test(`switcher, sheets and menus (${lang})`, async ({ page }) => {
      // Six axe runs, each in a page of its own: on a loaded 2-core machine they alone took 55 s.
      test.setTimeout(120_000);
      const { corporation, workspace } = await ownerHome();
      await open(page, `/${corporation.id}/${workspace.id}`);

      await page.getByRole('button', { name: en ? /Switch workspace/ : /Arbeitsbereich wechseln/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await expectAccessible(page, `workspace switcher (${lang})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      for (const name of en ? ['Search', 'Notifications'] : ['Suche', 'Benachrichtigungen']) {
        await page.getByRole('button', { name, exact: true }).click();
        await expect(page.getByRole('dialog', { name })).toBeVisible();
        await expectAccessible(page, `${name} sheet (${lang})`);
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name })).toBeHidden();
      }

      await page.getByRole('button', { name: en ? 'Account menu' : 'Kontomenü' }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `user menu (${lang})`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('menu')).toBeHidden();

      await page.getByRole('button', { name: en ? /^Language/ : /^Sprache/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectAccessible(page, `language menu (${lang})`);
      await page.keyboard.press('Escape');
    });

    test(`workspace at compact and medium widths (${lang})`, async ({ page }) => {
      const { corporation, workspace } = await ownerHome();
      await page.setViewportSize({ width: 700, height: 800 });
      await open(page, `/${corporation.id}/${workspace.id}`);
      await expectAccessible(page, `workspace home at 700 px (${lang})`);
      await page.setViewportSize({ width: 400, height: 800 });
      await expectAccessible(page, `workspace home at 400 px (${lang})`);
      await page.getByRole('button', { name: en ? 'Open menu' : 'Menü öffnen' }).click();
      await expect(
        page.getByRole('navigation', { name: en ? 'Main navigation' : 'Hauptnavigation' }),
      ).toBeVisible();
      await expectAccessible(page, `compact drawer (${lang})`);
    });
  });
}
