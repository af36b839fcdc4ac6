import { ownerHome } from './support/api';
import { expect, test } from './support/fixtures';

test.use({ session: 'owner' });

test('compact (400 px): temporary drawer, closed by default, long titles', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.setViewportSize({ width: 400, height: 800 });
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-layout', 'compact');
  await expect(page.getByTestId('navigation-rail')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link', { name: 'Live-Stream Targets' })).toBeVisible();
  await navigation.getByRole('link', { name: 'Flowchart' }).click();
  await expect(page).toHaveURL(/\/flowchart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Flowchart' })).toBeVisible();
  await expect(page.getByText('Flowchart is coming soon')).toHaveCount(0);
  // The temporary drawer closes after navigating.
  await expect(navigation).toBeHidden();
});

test('medium (700 px): rail with short titles; the toggle opens the drawer', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.setViewportSize({ width: 700, height: 800 });
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-layout', 'medium');
  const rail = page.getByTestId('navigation-rail');
  await expect(rail).toBeVisible();
  await expect(rail.getByRole('link', { name: 'Sources', exact: true })).toBeVisible();
  await expect(rail.getByText('Stream Sources')).toHaveCount(0);
  expect((await rail.boundingBox())?.width).toBeLessThan(100);

  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(drawer.getByRole('link', { name: 'Stream Sources' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(drawer.getByRole('link', { name: 'Stream Sources' })).toBeHidden();
});

test('expanded (1200 px): drawer open by default with long titles; the toggle folds it to the rail', async ({
  page,
}) => {
  const { corporation, workspace } = await ownerHome();
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await expect(page.locator('main')).toHaveAttribute('data-layout', 'expanded');
  const drawer = page.getByTestId('navigation-drawer');
  await expect(drawer.getByRole('link', { name: 'Player & Recorder' })).toBeVisible();
  // Groups are separated by dividers.
  await expect(drawer.locator('hr')).toHaveCount(3);

  await page.getByRole('button', { name: 'Close menu' }).click();
  await expect(
    page.getByTestId('navigation-rail').getByRole('link', { name: 'Player', exact: true }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.getByTestId('navigation-drawer')).toBeVisible();
});

test('layout classes switch at 600 and after 840 px', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  await page.setViewportSize({ width: 599, height: 700 });
  await page.goto(`/${corporation.id}/${workspace.id}`);
  const main = page.locator('main');
  await expect(main).toHaveAttribute('data-layout', 'compact');
  for (const [width, layout] of [
    [600, 'medium'],
    [840, 'medium'],
    [841, 'expanded'],
  ] as const) {
    await page.setViewportSize({ width, height: 700 });
    await expect(main).toHaveAttribute('data-layout', layout);
  }
  // Shrinking from expanded (drawer open) to medium shows the rail, not a stray open modal drawer.
  await page.setViewportSize({ width: 700, height: 700 });
  await expect(page.getByTestId('navigation-rail')).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Media Management' }),
  ).toBeVisible();
});

test('navigation shows only in a workspace and only entries whose feature is enabled', async ({ page }) => {
  const { adminApi } = await import('./support/api');
  const api = adminApi();
  const corporation = await api.corporations.create({ body: { name: `Limited ${Date.now()}` } });
  await api.corporations.update({ params: { id: corporation.id }, body: { features: ['media'] } });
  const workspace = await api.workspaces.create({
    body: { corporationId: corporation.id, name: 'Media only' },
  });

  await page.goto('/user/settings');
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^(Open|Close) menu$/ })).toHaveCount(0);

  await page.goto(`/${corporation.id}/${workspace.id}`);
  const navigation = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(navigation.getByRole('link')).toHaveText(['Home', 'Media Management']);
  await page.goto(`/${corporation.id}/${workspace.id}/sources`);
  await expect(page.getByText('Stream Sources is not enabled for this corporation.')).toBeVisible();
});
