import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { createMember, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Social connections (issue 20): YouTube is connected through a real OAuth 2 authorization server on this
 * machine (scripts/lib/social-stand-ins.mjs) and comes back connected with the account the network's
 * stand-in names; networks without an app say so. English and German; axe on both.
 */
test('connect YouTube through the authorization server and check the connection', async ({ browser }) => {
  const { corporation, workspace } = await ownerHome();
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    label: 'socials',
  });
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto('/login');
    await page.getByLabel('Email address').fill(member.email);
    await page.getByLabel('Password').fill(member.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();
    await page.goto('/user/socials');
    await expect(page.getByRole('heading', { level: 1, name: 'Social networks' })).toBeVisible();
    await expect(page.getByText('No social networks connected')).toBeVisible();
    // Facebook has no app on this install: its button is disabled and the reason is next to it.
    await expect(page.getByRole('button', { name: 'Connect Facebook' })).toBeDisabled();
    await expect(
      page.getByText('Facebook: no app is configured on this server.', { exact: false }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Connect YouTube' }).click();
    await expect(page).toHaveURL(/\/user\/socials\?connected=/);
    await expect(page.getByText('YouTube is connected.')).toBeVisible();
    const card = page.getByRole('article', { name: 'Stand-in Channel' });
    await expect(card.getByTestId('social-status')).toHaveText('Connected');
    await expect(card).toContainText('Signed in (OAuth)');
    await card.getByRole('button', { name: 'Check' }).click();
    await expect(card.getByText('Everything works.')).toBeVisible();
    await expectAccessible(page, 'socials');
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.setViewportSize({ width: 1280, height: 1000 });
    await page.screenshot({ path: join(screenshotsDir, 'socials.png') });

    await page.getByRole('button', { name: 'Add FTP server' }).click();
    await expect(page.getByRole('dialog', { name: 'Add FTP server' })).toBeVisible();
    await expectAccessible(page, 'socials FTP dialog');
  } finally {
    await context.close();
  }
});

test.describe('German', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('the Socials page in German, connected through the authorization server', async ({ page }) => {
    await page.goto('/user/socials');
    await expect(page.getByRole('heading', { level: 1, name: 'Soziale Netzwerke' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Facebook verbinden' })).toBeDisabled();
    await page.getByRole('button', { name: 'YouTube verbinden' }).click();
    await expect(page.getByText('YouTube ist verbunden.')).toBeVisible();
    const card = page.getByRole('article', { name: 'Stand-in Channel' });
    await expect(card.getByTestId('social-status')).toHaveText('Verbunden');
    await expectAccessible(page, 'socials (de)');
  });
});
