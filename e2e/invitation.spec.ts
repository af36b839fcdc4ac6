import { adminApi, ownerHome, uniqueEmail } from './support/api';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';

test('invitation sign-up: mailed link, create account, land in the workspace', async ({ page }) => {
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `Invited ${Date.now()}`,
    },
  });
  const email = uniqueEmail('invitee');
  await adminApi().invitations.create({
    body: {
      corporationId: corporation.id,
      workspaceId: workspace.id,
      email,
      permissions: ['write'],
    },
  });

  const mail = await waitForMail(email, '/login/create-account?code=');
  await page.goto(linkIn(mail, '/login/create-account?code='));
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await expect(page.getByText(`You've been invited to join ${corporation.name}.`)).toBeVisible();
  await expect(page.getByLabel('Email address')).toHaveValue(email);

  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Required').first()).toBeVisible();
  await page.getByLabel('Full name').fill('Max Mustermann');
  await page.getByLabel('New password').fill('invited-password-1');
  await page.getByLabel('Repeat password').fill('invited-password-1');
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(`/${corporation.id}/${workspace.id}`);
  await expect(page.getByRole('heading', { level: 1, name: workspace.name })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  // The code is used up now.
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  await page.goto(linkIn(mail, '/login/create-account?code='));
  await expect(page.getByRole('alert')).toHaveText(/invalid, used or expired/);
});

test.describe('as owner', () => {
  test.use({ session: 'owner' });

  test('the invite dialog starts over after sending, and Send is off while it sends', async ({ page }) => {
    const { corporation } = await ownerHome();
    const email = uniqueEmail('invite-once');
    let posts = 0;
    // The answer comes a moment late, so the busy state can be seen.
    await page.route('**/v1/invitations', async (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      posts += 1;
      await new Promise((resolve) => setTimeout(resolve, 800));
      await route.continue();
    });
    await page.goto(`/${corporation.id}`);
    await page.getByRole('button', { name: 'Invite someone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Invite someone' });
    const field = dialog.getByLabel('Email address');
    const send = dialog.getByRole('button', { name: 'Send invitation' });
    await field.fill(email);
    await send.click();
    await expect(send).toBeDisabled();
    await expect(dialog.getByRole('status')).toHaveText(`Invitation sent to ${email}.`);
    await expect(field).toHaveValue('');
    await expect(send).toBeDisabled();
    await send.click({ force: true });
    await page.waitForTimeout(300);
    expect(posts).toBe(1);
    // The next address can be typed right away.
    await field.fill(uniqueEmail('invite-next'));
    await expect(send).toBeEnabled();
  });
});
