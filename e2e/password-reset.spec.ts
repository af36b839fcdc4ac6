import { createMember, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';

test('forgot password: the mailed link sets a new password that logs in', async ({ page }) => {
  const { corporation, workspace } = await ownerHome();
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    label: 'reset',
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/login\/forgot-password$/);
  // The URL changes before the lazy page replaces the login form: fill the new page's field.
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await page.getByLabel('Email address').fill(member.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(member.email);

  const mail = await waitForMail(member.email, '/login/reset-password?token=');
  await page.goto(linkIn(mail, '/login/reset-password?token='));
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();

  await page.getByLabel('New password').fill('short');
  await page.getByLabel('Repeat password').fill('different');
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The password must at least contain 8 characters')).toBeVisible();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  const next = 'brand-new-password-9';
  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Repeat password').fill(next);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('status')).toHaveText(/Your password has been changed/);

  await page.getByRole('link', { name: 'Go to login' }).click();
  await page.getByLabel('Email address').fill(member.email);
  await page.getByLabel('Password').fill(next);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your workspaces' })).toBeVisible();

  // The link is spent.
  await page.goto(linkIn(mail, '/login/reset-password?token='));
  await page.getByLabel('New password').fill(next);
  await page.getByLabel('Repeat password').fill(next);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toHaveText(/invalid or has expired/);
});

test('reset and verification pages explain a missing or bad token', async ({ page }) => {
  await page.goto('/login/reset-password');
  await expect(page.getByText('This page needs the link from the email we sent you.')).toBeVisible();
  await page.goto('/login/verify-email?token=not-a-real-token-123');
  await expect(page.getByRole('alert')).toHaveText('This verification link is invalid or has expired.');
});
