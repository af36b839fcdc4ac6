import type { Browser, Page } from '@playwright/test';
import { adminApi, createMember, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { adminState, sessionState } from './support/session';

/**
 * Live updates over the embedded MQTT broker: two browsers (the owner and an invited member) watch the
 * same workspace; changes made elsewhere reach the other browser without a reload.
 */

async function openAs(browser: Browser, state: ReturnType<typeof sessionState>, path: string) {
  const context = await browser.newContext({ storageState: state });
  const page = await context.newPage();
  await page.goto(path);
  return { context, page };
}

async function expectConnected(page: Page) {
  const bell = page.getByRole('button', { name: 'Notifications', exact: true });
  await expect(bell.locator('[data-connection-status]')).toHaveAttribute(
    'data-connection-status',
    'connected',
    { timeout: 20_000 },
  );
  await expect(bell).toHaveAccessibleDescription(/Live updates connected/);
}

async function freshWorkspace(label: string) {
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `${label} ${Date.now().toString(36)}`,
    },
  });
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    permissions: ['write'],
    label: 'live',
  });
  return { corporation, workspace, member };
}

test('a rename in one browser shows up in the other without a reload', async ({ browser }) => {
  const { corporation, workspace, member } = await freshWorkspace('Live rename');
  const path = `/${corporation.id}/${workspace.id}`;
  const a = await openAs(browser, adminState(), path);
  const b = await openAs(browser, sessionState(member.token), path);
  try {
    for (const { page } of [a, b]) {
      await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
      await expectConnected(page);
    }
    // B must not reload: a marker on the window would be gone after one.
    await b.page.evaluate(() => {
      (window as unknown as { liveMarker: boolean }).liveMarker = true;
    });

    const renamed = `${workspace.name} renamed`;
    await adminApi().workspaces.update({ params: { id: workspace.id }, body: { name: renamed } });

    await expect(b.page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    await expect(
      b.page.getByRole('button', { name: `Switch workspace (current: ${renamed})` }),
    ).toBeVisible();
    await expect(a.page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();
    expect(await b.page.evaluate(() => (window as unknown as { liveMarker?: boolean }).liveMarker)).toBe(
      true,
    );
  } finally {
    await a.context.close();
    await b.context.close();
  }
});

test('a notification for the member appears live in their sheet, with the unread badge', async ({
  browser,
}) => {
  const { corporation, workspace, member } = await freshWorkspace('Live notify');
  const b = await openAs(browser, sessionState(member.token), `/${corporation.id}/${workspace.id}`);
  try {
    const page = b.page;
    await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
    await expectConnected(page);
    const bell = page.getByRole('button', { name: 'Notifications', exact: true });
    await expect(bell).toHaveAttribute('data-unread', '0');

    await adminApi().workspaces.setUserPermissions({
      params: { id: workspace.id },
      body: {
        userId: member.userId,
        permissions: ['read'],
      },
    });

    await expect(bell).toHaveAttribute('data-unread', '1');
    await expect(page.getByTestId('notifications-badge')).toContainText('1');
    await expect(bell).toHaveAccessibleDescription(/1 unread notification/);

    await bell.click();
    const sheet = page.getByRole('dialog', { name: 'Notifications' });
    const item = sheet.getByRole('listitem').filter({ hasText: corporation.name });
    await expect(item).toContainText(`Your permissions in ${corporation.name} changed to Read`);
    await expect(item).toContainText(/now|second/);

    // A second one arrives while the sheet is open: listed first, and counted as seen.
    await adminApi().workspaces.setUserPermissions({
      params: { id: workspace.id },
      body: {
        userId: member.userId,
        permissions: ['write'],
      },
    });
    await expect(sheet.getByRole('listitem').first()).toContainText('changed to Write');
    await expect(sheet.getByRole('listitem')).toHaveCount(2);

    await sheet.getByRole('listitem').first().getByRole('button', { name: 'Delete notification' }).click();
    await expect(sheet.getByRole('listitem')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    // Opening the sheet marked the first one read, and the one that arrived while it was open too.
    await expect(bell).toHaveAttribute('data-unread', '0');

    // The read mark is stored per user: a reload keeps the badge off.
    await page.reload();
    await expectConnected(page);
    await expect(page.getByRole('button', { name: 'Notifications', exact: true })).toHaveAttribute(
      'data-unread',
      '0',
    );
  } finally {
    await b.context.close();
  }
});
