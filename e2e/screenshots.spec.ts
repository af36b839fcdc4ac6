import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { demoData } from './support/demo-data';
import { expect, test } from './support/fixtures';
import { screenshotsDir } from './support/screenshots-dir';
import { signIn } from './support/session';

/** The main screens in both languages at the three layout classes, into docs/screenshots/. */
const outDir = screenshotsDir;
mkdirSync(outDir, { recursive: true });

const heights: Record<number, number> = { 400: 860, 700: 900, 1200: 800 };

async function shoot(page: Page, name: string) {
  await page.waitForLoadState('networkidle');
  // Hover hints and focus rings are not part of the look being documented.
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(outDir, `${name}.png`), animations: 'disabled', caret: 'hide' });
}

for (const lang of ['en', 'de'] as const) {
  for (const width of [400, 700, 1200]) {
    test(`screenshots ${lang} ${width}`, async ({ page }) => {
      const demo = demoData();
      const suffix = `${lang}-${width}`;
      await page.setViewportSize({ width, height: heights[width] ?? 800 });

      await page.goto('/login');
      await page.evaluate((language) => localStorage.setItem('user-lang', language), lang);
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shoot(page, `login-${suffix}`);

      await signIn(page, demo.token, lang, `/${demo.corporationId}/${demo.workspaceId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Live Events' })).toBeVisible();
      await shoot(page, `workspace-home-${suffix}`);

      await page.goto(`/${demo.corporationId}/${demo.workspaceId}/flowchart`);
      await expect(page.getByRole('heading', { level: 1, name: /Flowchart|Ablaufdiagramm/ })).toBeVisible();
      await expect(page.getByText(/Main stage/).first()).toBeVisible();
      await shoot(page, `flowchart-${suffix}`);

      await page.goto(`/${demo.corporationId}/${demo.workspaceId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Live Events' })).toBeVisible();
      await page.getByRole('button', { name: /Switch workspace|Arbeitsbereich wechseln/ }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      await shoot(page, `switcher-${suffix}`);
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();

      await page.goto('/user/settings');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: /Upload picture|Bild hochladen/ })).toBeEnabled();
      await shoot(page, `user-settings-${suffix}`);

      await page.goto(`/${demo.corporationId}`);
      await expect(page.getByRole('heading', { level: 1, name: 'Northwind Media' })).toBeVisible();
      await expect(page.getByRole('list', { name: /Members|Mitglieder/ })).toBeVisible();
      await shoot(page, `corporation-${suffix}`);
    });
  }
}

/** The administration screens (issue 17) at the desktop layout: the whole corporation page and dialogs. */
for (const lang of ['en', 'de'] as const) {
  test(`screenshots administration ${lang}`, async ({ page }) => {
    const demo = demoData();
    const en = lang === 'en';
    await page.setViewportSize({ width: 1200, height: 800 });
    await signIn(page, demo.token, lang, `/${demo.corporationId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Northwind Media' })).toBeVisible();
    await expect(page.getByRole('list', { name: en ? 'Members' : 'Mitglieder' })).toBeVisible();
    await expect(page.getByText(en ? 'No pending invitations.' : 'Keine offenen Einladungen.')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: join(outDir, `corporation-admin-${lang}-1200.png`),
      fullPage: true,
      animations: 'disabled',
      caret: 'hide',
    });

    await page.getByRole('button', { name: en ? 'Invite someone' : 'Jemanden einladen' }).click();
    const invite = page.getByRole('dialog');
    await invite.getByLabel(en ? 'Email address' : 'E-Mail-Adresse').fill('jonas.weber@example.com');
    await shoot(page, `invite-${lang}-1200`);
    await page.keyboard.press('Escape');
    await expect(invite).toBeHidden();

    await page
      .getByRole('button', {
        name: en ? 'Change permissions of Lena Hoffmann' : 'Berechtigungen von Lena Hoffmann ändern',
      })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shoot(page, `member-permissions-${lang}-1200`);
    await page.keyboard.press('Escape');

    await page.goto('/user/settings');
    await page.getByRole('button', { name: en ? 'Create API key' : 'API-Schlüssel erstellen' }).click();
    const create = page.getByRole('dialog');
    await create.getByLabel('Name').fill(en ? 'Deploy pipeline' : 'Deploy-Pipeline');
    await shoot(page, `api-key-create-${lang}-1200`);
    await create.getByRole('button', { name: en ? 'Create key' : 'Schlüssel erstellen' }).click();
    await expect(page.getByTestId('api-key-value')).toBeVisible();
    await shoot(page, `api-key-created-${lang}-1200`);
  });
}

test('screenshot create account with a typed code', async ({ page }) => {
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto('/login/create-account');
  await expect(page.getByLabel('Invitation code')).toBeVisible();
  await shoot(page, 'create-account-code-en-1200');
});
