import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { adminApi, apiAs, createMember } from './support/api';
import { expect, test } from './support/fixtures';
import { screenshotsDir } from './support/screenshots-dir';
import { signIn } from './support/session';

test.describe('install administration', () => {
  test.use({ session: 'owner' });

  test('an install admin blocks a user, who is logged out in their open browser; unblock; all keys', async ({
    page,
    browser,
  }) => {
    const corporation = await adminApi().corporations.create({
      body: { name: `Blocking Corp ${Date.now()}` },
    });
    const member = await createMember({
      corporationId: corporation.id,
      name: 'Bruno Brandt',
      label: 'bruno',
    });
    const keyName = `bruno-key-${Date.now()}`;
    await apiAs(member.token).apiKeys.create({ params: { id: member.userId }, body: { name: keyName } });

    // The member works in their own browser, connected to the live notifications.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, member.token);
    await expect(theirs.getByRole('region', { name: corporation.name })).toBeVisible();
    await expect(
      theirs.getByRole('button', { name: 'Notifications' }).locator('[data-connection-status]'),
    ).toHaveAttribute('data-connection-status', 'connected');

    // The admin reaches the screen through the account menu.
    await page.goto('/');
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Administration' }).click();
    await expect(page).toHaveURL('/admin');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await page.getByLabel('Search by name or email').fill(member.email);
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row')).toHaveCount(2);
    await expect(users.getByText(member.email)).toBeVisible();
    await expectAccessible(page, 'admin users');

    await users.getByRole('button', { name: 'Block Bruno Brandt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block Bruno Brandt?' });
    await expect(confirm.getByText(/logged out everywhere at once/)).toBeVisible();
    await expectAccessible(page, 'block confirmation');
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(confirm).toBeHidden();
    await expect(users.getByText('Blocked', { exact: true })).toBeVisible();
    await expect(users.getByRole('button', { name: 'Unblock Bruno Brandt' })).toBeVisible();
    await page.screenshot({ path: join(screenshotsDir, 'admin-install.png'), animations: 'disabled' });

    // Their open browser goes to the login page without them doing anything.
    await expect(theirs).toHaveURL(/\/login/, { timeout: 10_000 });
    await expect(theirs.getByRole('button', { name: 'Log in' })).toBeVisible();

    // The member list of their corporation marks them.
    await page.goto(`/${corporation.id}`);
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByText('Bruno Brandt')).toBeVisible();
    await expect(members.getByText('Blocked', { exact: true })).toBeVisible();

    // Every API key of the install, with its owner; invalidate theirs.
    await page.goto('/admin?tab=api-keys');
    await page.getByLabel('Search by key name, prefix or owner').fill(keyName);
    const keys = page.getByRole('table', { name: 'API keys' });
    await expect(keys.getByText(keyName)).toBeVisible();
    await expect(keys.getByText(member.email)).toBeVisible();
    await expectAccessible(page, 'admin API keys');
    await page.screenshot({ path: join(screenshotsDir, 'admin-install-keys.png'), animations: 'disabled' });
    await keys.getByRole('button', { name: `Invalidate the key ${keyName} of Bruno Brandt` }).click();
    await page
      .getByRole('dialog', { name: `Invalidate the key ${keyName}?` })
      .getByRole('button', { name: 'Invalidate' })
      .click();
    await expect(keys.getByText('Invalidated')).toBeVisible();

    // Unblock: they can log in again.
    await page.goto('/admin');
    await page.getByLabel('Search by name or email').fill(member.email);
    await users.getByRole('button', { name: 'Unblock Bruno Brandt' }).click();
    const unblock = page.getByRole('dialog', { name: 'Unblock Bruno Brandt?' });
    await expect(unblock.getByText(/can log in again/)).toBeVisible();
    await unblock.getByRole('button', { name: 'Unblock' }).click();
    await expect(users.getByRole('button', { name: 'Block Bruno Brandt' })).toBeVisible();
    await expect(users.getByText('Active')).toBeVisible();
    await theirs.getByLabel('Email address').fill(member.email);
    await theirs.getByLabel('Password').fill(member.password);
    await theirs.getByRole('button', { name: 'Log in' }).click();
    await expect(theirs.getByRole('region', { name: corporation.name })).toBeVisible();
    await context.close();
  });

  test('a blocked corporation is marked; the screen in German; only admins see the entry', async ({
    page,
    browser,
  }) => {
    const corporation = await adminApi().corporations.create({ body: { name: `Gesperrt AG ${Date.now()}` } });
    const member = await createMember({ corporationId: corporation.id, name: 'Nora Normal', label: 'nora' });

    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
    await page.goto('/admin?tab=corporations');
    await expect(page.getByRole('heading', { level: 1, name: 'Administration' })).toBeVisible();
    await page.getByLabel('Nach Name suchen').fill(corporation.name);
    const table = page.getByRole('table', { name: 'Unternehmen' });
    // The search's answer first (the header and one row): the row can be on the list before it, and the
    // answer arriving between Playwright's hit check and its click moved it away (CI: no dialog opened).
    await expect(table.getByRole('row')).toHaveCount(2);
    await table.getByRole('button', { name: `${corporation.name} sperren` }).click();
    const confirm = page.getByRole('dialog', { name: `${corporation.name} sperren?` });
    await expect(confirm.getByText(/verlieren sofort den Zugriff/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Sperren' }).click();
    await expect(table.getByText('Gesperrt', { exact: true })).toBeVisible();
    await expectAccessible(page, 'admin corporations (de)');
    await page.screenshot({ path: join(screenshotsDir, 'admin-install-de.png'), animations: 'disabled' });

    // Its limits: 7 stream sources and 40 live hours a month, the data delivered without a limit.
    await table.getByRole('button', { name: `Limits von ${corporation.name}` }).click();
    const limits = page.getByRole('dialog', { name: `Limits von ${corporation.name}` });
    await limits.getByRole('textbox', { name: 'Streamquellen' }).fill('7');
    await limits.getByRole('textbox', { name: 'Livestunden' }).fill('40');
    await limits.getByRole('textbox', { name: 'Ausgelieferte Daten (GB)' }).fill('');
    await expectAccessible(page, 'corporation limits (de)');
    await limits.getByRole('button', { name: 'Speichern' }).click();
    await expect(limits).toHaveCount(0);
    expect(await adminApi().usage.quota({ params: { id: corporation.id } })).toMatchObject({
      maxSources: 7,
      maxLiveHoursPerMonth: 40,
      maxEgressBytesPerMonth: null,
    });

    // The member sees the corporation marked, and no administration entry; the server refuses them.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, member.token);
    await expect(
      theirs
        .getByRole('region', { name: new RegExp(corporation.name) })
        .getByText('Blocked', { exact: true }),
    ).toBeVisible();
    await theirs.getByRole('button', { name: 'Account menu' }).click();
    await expect(theirs.getByRole('menuitem', { name: 'Settings' })).toBeVisible();
    await expect(theirs.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
    await theirs.keyboard.press('Escape');
    await theirs.goto('/admin');
    await expect(theirs.getByText('Only platform administrators can open the administration.')).toBeVisible();
    await expect(apiAs(member.token).users.block({ params: { id: member.userId } })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await context.close();
    await adminApi().corporations.unblock({ params: { id: corporation.id } });
  });
});
