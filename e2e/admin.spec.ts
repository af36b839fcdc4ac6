import { createClient } from '@stromwerk/client/create-client';
import { expectAccessible } from './support/a11y';
import { adminApi, createMember, uniqueEmail } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { signIn } from './support/session';

/** A corporation of the owner's with two workspaces, so a grant of one of them can be told apart. */
async function corporationWithTwoWorkspaces(label: string) {
  const api = adminApi();
  const corporation = await api.corporations.create({ body: { name: `${label} ${Date.now()}` } });
  const alpha = await api.workspaces.create({ body: { corporationId: corporation.id, name: 'Alpha' } });
  const beta = await api.workspaces.create({ body: { corporationId: corporation.id, name: 'Beta' } });
  return { corporation, alpha, beta };
}

test.describe('administration', () => {
  test.use({ session: 'owner' });

  test('invite a user who accepts in the app, sees only the granted workspace, and follows a permission change', async ({
    page,
    browser,
  }) => {
    const { corporation, alpha, beta } = await corporationWithTwoWorkspaces('Admin Corp');
    // The invitee already has an account (verified through their own invitation elsewhere).
    const home = await adminApi().corporations.create({ body: { name: `Invitee Home ${Date.now()}` } });
    const invitee = await createMember({ corporationId: home.id, name: 'Ina Invitee', label: 'ina' });

    await page.goto(`/${corporation.id}`);
    await expect(page.getByRole('heading', { level: 1, name: corporation.name })).toBeVisible();
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    await dialog.getByLabel('Email address').fill(invitee.email);
    await dialog.getByRole('combobox', { name: 'Whole corporation' }).click();
    await page.getByRole('option', { name: 'None' }).click();
    await dialog.getByRole('combobox', { name: 'Workspace Alpha' }).click();
    await page.getByRole('option', { name: 'Read' }).click();
    await expectAccessible(page, 'invite dialog');
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByText(`Invitation sent to ${invitee.email}.`)).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    const pending = page.getByRole('list', { name: 'Pending invitations' });
    await expect(pending.getByText(invitee.email)).toBeVisible();
    await expect(pending.getByText(/Alpha: Read · valid until/)).toBeVisible();
    await expectAccessible(page, 'corporation page (admin)');

    // The invitee answers in the app.
    const context = await browser.newContext();
    const theirs = await context.newPage();
    await signIn(theirs, invitee.token);
    await theirs.getByRole('button', { name: 'Notifications' }).click();
    const sheet = theirs.getByRole('dialog', { name: 'Notifications' });
    await expect(sheet.getByText(`You were invited to ${corporation.name}`)).toBeVisible();
    await expectAccessible(theirs, 'invitation notification');
    await sheet.getByRole('button', { name: `Accept the invitation to ${corporation.name}` }).click();
    await expect(sheet.getByText(`You joined ${corporation.name}.`)).toBeVisible();
    await theirs.keyboard.press('Escape');

    // Only Alpha of that corporation.
    const section = theirs.getByRole('region', { name: corporation.name });
    await expect(section.getByRole('link', { name: /Alpha/ })).toBeVisible();
    await expect(section.getByRole('link', { name: /Beta/ })).toHaveCount(0);
    await theirs.goto(`/${corporation.id}/${beta.id}`);
    await expect(theirs.getByRole('heading', { level: 1, name: 'Beta' })).toHaveCount(0);

    // The admin adds Beta; the invitee's navigation follows.
    await page.reload();
    const members = page.getByRole('list', { name: 'Members' });
    await expect(members.getByText('Alpha: Read')).toBeVisible();
    await page.getByRole('button', { name: 'Change permissions of Ina Invitee' }).click();
    const edit = page.getByRole('dialog', { name: 'Permissions of Ina Invitee' });
    await edit.getByRole('combobox', { name: 'Workspace Beta' }).click();
    await page.getByRole('option', { name: 'Write' }).click();
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await expect(edit).toBeHidden();
    await expect(members.getByText('Beta: Write')).toBeVisible();

    await theirs.goto('/');
    await expect(
      theirs.getByRole('region', { name: corporation.name }).getByRole('link', { name: /Beta/ }),
    ).toBeVisible();
    await theirs.goto(`/${corporation.id}/${beta.id}`);
    await expect(theirs.getByRole('heading', { level: 1, name: 'Beta' })).toBeVisible();

    // Removed: the corporation leaves their navigation.
    await page.getByRole('button', { name: 'Remove Ina Invitee' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Ina Invitee?' })
      .getByRole('button', { name: 'Remove member' })
      .click();
    await expect(members.getByText(invitee.email)).toHaveCount(0);
    await theirs.goto('/');
    await expect(theirs.getByRole('region', { name: home.name })).toBeVisible();
    await expect(theirs.getByRole('region', { name: corporation.name })).toHaveCount(0);
    await context.close();
    expect(alpha.id).not.toBe(beta.id);
  });

  test('create an API key, use it with the client, invalidate it', async ({ page }) => {
    const { corporation, alpha } = await corporationWithTwoWorkspaces('Key Corp');
    await page.goto('/user/settings');
    await page.getByRole('button', { name: 'Create API key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create API key' });
    const name = `E2E key ${Date.now()}`;
    await dialog.getByLabel('Name').fill(name);
    await dialog.getByRole('combobox', { name: 'May reach' }).click();
    // The admin has many "Alpha"s: the one listed under this corporation.
    await page
      .getByRole('option', { name: `Corporation ${corporation.name}` })
      .locator('xpath=following-sibling::li[1]')
      .click();
    await expectAccessible(page, 'create API key dialog');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const created = page.getByRole('dialog', { name: `Key ${name} created` });
    const key = (await created.getByTestId('api-key-value').textContent())!.trim();
    expect(key).toMatch(/^swk_/);
    await expect(created.getByText(`curl -H "Authorization: Token ${key}"`)).toBeVisible();
    await expectAccessible(page, 'created API key');
    await created.getByRole('button', { name: 'Done' }).click();

    const viaKey = createClient({ baseUrl: e2eEnv().baseUrl, auth: () => ({ apiKey: key }) });
    expect((await viaKey.workspaces.get({ params: { id: alpha.id } })).name).toBe('Alpha');
    // Read only: a rename is refused.
    await expect(
      viaKey.workspaces.update({ params: { id: alpha.id }, body: { name: 'Nope' } }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });

    await page.reload();
    const list = page.getByRole('list', { name: 'API keys' });
    await expect(
      list.getByText(new RegExp(`Read in Alpha \\(${corporation.name}\\) · last used`)),
    ).toBeVisible();
    await page.getByRole('button', { name: `Invalidate the key ${name}` }).click();
    await page
      .getByRole('dialog', { name: `Invalidate ${name}?` })
      .getByRole('button', { name: 'Invalidate' })
      .click();
    await expect(list.getByText('Invalidated').first()).toBeVisible();
    await expect(viaKey.workspaces.get({ params: { id: alpha.id } })).rejects.toMatchObject({
      code: 'TOKEN_INVALID',
    });
  });

  test('create a corporation, then its first workspace; rename and delete a workspace', async ({ page }) => {
    const name = `Fresh Corp ${Date.now()}`;
    await page.goto('/add-workspace');
    await page.getByRole('link', { name: 'New corporation' }).click();
    await page.getByLabel('Corporation name').fill(name);
    await page.getByRole('button', { name: 'Create corporation' }).click();
    await expect(page).toHaveURL(/\/add-workspace\?corporation=/);
    await page.getByLabel('Workspace name').fill('First');
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'First' })).toBeVisible();

    const corporationId = new URL(page.url()).pathname.split('/')[1]!;
    await page.goto(`/${corporationId}`);
    await page.getByRole('button', { name: 'Rename First' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename First' });
    await rename.getByLabel('Workspace name').fill('Renamed');
    await rename.getByRole('button', { name: 'Save changes' }).click();
    const manage = page.getByRole('list', { name: 'Manage workspaces' });
    await expect(manage.getByText('Renamed')).toBeVisible();
    await page.getByRole('button', { name: 'Delete Renamed' }).click();
    await page
      .getByRole('dialog', { name: 'Delete Renamed?' })
      .getByRole('button', { name: 'Delete for good' })
      .click();
    await expect(manage.getByText('Renamed')).toHaveCount(0);
  });
});

test.describe('German administration', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('corporation page and API keys in German, axe clean', async ({ page }) => {
    const { corporation } = await corporationWithTwoWorkspaces('Deutsche AG');
    await page.goto(`/${corporation.id}`);
    await expect(page.getByRole('heading', { name: 'Arbeitsbereiche verwalten' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Einladungen' })).toBeVisible();
    await page.getByRole('button', { name: 'Jemanden einladen' }).click();
    await expect(page.getByRole('dialog', { name: 'Jemanden einladen' })).toBeVisible();
    await expectAccessible(page, 'invite dialog (de)');
    await page.keyboard.press('Escape');
    await page.goto('/user/settings');
    await expect(page.getByRole('heading', { name: 'API-Schlüssel' })).toBeVisible();
    await expectAccessible(page, 'user settings (de)');
  });
});

test('the invitation code typed by hand on the create-account page, reached from /login', async ({
  page,
}) => {
  const corporation = await adminApi().corporations.create({ body: { name: `Typed Code ${Date.now()}` } });
  const email = uniqueEmail('typed');
  const invitation = await adminApi().invitations.create({
    body: { corporationId: corporation.id, email, permissions: ['read'] },
  });
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create your account' }).click();
  await expect(page).toHaveURL('/login/create-account');
  await page.getByLabel('Invitation code').fill(invitation.code);
  await expectAccessible(page, 'create account with a typed code');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`You've been invited to join ${corporation.name}.`)).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);
});
