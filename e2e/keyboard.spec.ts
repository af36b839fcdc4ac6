import { ownerHome } from './support/api';
import { expect, test } from './support/fixtures';

test.use({ session: 'owner' });

test('skip links lead to the main content and the main navigation', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();

  await page.keyboard.press('Tab');
  const toContent = page.getByRole('link', { name: 'Skip to main content' });
  await expect(toContent).toBeFocused();
  await expect(toContent).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'Skip to main navigation' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
  ).toBeFocused();

  // Without a navigation (user settings) only the first skip link exists.
  await page.goto('/user/settings');
  await expect(page.getByRole('link', { name: 'Skip to main navigation' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Skip to main content' })).toHaveCount(1);
});

test('compact: the navigation skip link opens the drawer', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Home' }),
  ).toBeFocused();
});

test('keyboard only: navigate areas, use the switcher and the language menu', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();

  // Into the navigation and on to an area.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Stream Sources' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/sources$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Stream Sources' })).toBeVisible();

  // The workspace switcher: open, search, close with Escape; focus returns to its button.
  const switcher = page.getByRole('button', { name: /Switch workspace/ });
  await switcher.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Switch workspace' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Search workspaces')).toBeFocused();
  await page.keyboard.type('no such workspace');
  await expect(dialog.getByText('No workspace matches “no such workspace”.')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(switcher).toBeFocused();

  // Language menu with the arrow keys.
  await page.getByRole('button', { name: 'Language: English' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menu')).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'Deutsch' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Stream-Quellen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sprache: Deutsch' })).toBeFocused();
});

for (const [lang, skip, email] of [
  ['en', 'Skip to main content', 'Email address'],
  ['de', 'Zum Hauptinhalt springen', 'E-Mail-Adresse'],
] as const) {
  test.describe(`login (${lang})`, () => {
    test.use({ session: 'none', lang });

    test(`the first Tab on /login reaches the skip link, then the form (${lang})`, async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByLabel(email)).toBeVisible();
      await expect(page.getByLabel(email)).not.toBeFocused();
      await page.keyboard.press('Tab');
      const toContent = page.getByRole('link', { name: skip });
      await expect(toContent).toBeFocused();
      await expect(toContent).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main')).toBeFocused();
      await page.keyboard.press('Tab');
      await expect(page.getByLabel(email)).toBeFocused();
    });
  });
}
