import { corporationRoutes } from '@stromwerk/contracts/api/corporations';
import { workspaceRoutes } from '@stromwerk/contracts/api/workspaces';
import { adminApi, createMember, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { linkIn, waitForMail } from './support/mail';
import { isCallOf, routeUrl } from './support/routes';
import { signIn } from './support/session';

test.describe('as owner', () => {
  test.use({ session: 'owner' });

  test('unsaved changes warn before leaving, in the app and on unload', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    await page.goto('/user/settings');
    await page.getByLabel('Name').fill('Someone else');

    await page.getByRole('button', { name: /Switch workspace/ }).click();
    const switcher = page.getByRole('dialog', { name: 'Switch workspace' });
    await switcher.getByLabel('Search workspaces').fill(workspace.name);
    await switcher
      .getByRole('button', { name: new RegExp(`^${workspace.name}`) })
      .first()
      .click();
    const warning = page.getByRole('dialog', { name: 'You have unsaved changes!' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Stay on page' }).click();
    await expect(page).toHaveURL(/\/user\/settings$/);
    await expect(page.getByLabel('Name')).toHaveValue('Someone else');

    const beforeUnload = await page.evaluate(() => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    });
    expect(beforeUnload).toBe(true);

    await page.getByRole('link', { name: 'Stromwerk – home' }).click();
    await warning.getByRole('button', { name: 'Discard changes' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(corporation.id).toBeTruthy();
  });

  test('an edit dialog with changes asks before Escape or Cancel throws them away (en, de)', async ({
    page,
  }) => {
    const { corporation, workspace } = await ownerHome();
    const source = await adminApi().sources.create({
      body: { workspaceId: workspace.id, name: `Guarded ${Date.now()}`, type: 'rtmp' },
    });
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    const row = page.getByRole('listitem', { name: source.name });
    await row.getByRole('button', { name: `Edit ${source.name}` }).click();
    const form = page.getByRole('dialog', { name: 'Source settings' });
    // Untouched: Escape closes at once.
    await page.keyboard.press('Escape');
    await expect(form).toBeHidden();

    await row.getByRole('button', { name: `Edit ${source.name}` }).click();
    await form.getByLabel('Name').fill('Half-typed name');
    await page.keyboard.press('Escape');
    const warning = page.getByRole('dialog', { name: 'You have unsaved changes!' });
    await expect(warning).toBeVisible();
    await warning.getByRole('button', { name: 'Cancel' }).click();
    await expect(form.getByLabel('Name')).toHaveValue('Half-typed name');
    await form.getByRole('button', { name: 'Cancel' }).click();
    await warning.getByRole('button', { name: 'Discard changes' }).click();
    await expect(form).toBeHidden();
    await expect(row.getByRole('heading', { name: source.name })).toBeVisible();

    await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
    await page.reload();
    await row.getByRole('button', { name: `${source.name} bearbeiten` }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Halb getippt');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog', { name: 'Sie haben ungespeicherte Änderungen!' })).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user-lang', 'en'));
  });

  test('deleting a source names the targets and players that depend on it; the row goes at once', async ({
    page,
  }) => {
    const { corporation, workspace } = await ownerHome();
    const api = adminApi();
    const stamp = Date.now();
    const source = await api.sources.create({
      body: { workspaceId: workspace.id, name: `Doomed feed ${stamp}`, type: 'rtmp' },
    });
    await api.targets.create({
      body: {
        workspaceId: workspace.id,
        name: `Relay ${stamp}`,
        sourceId: source.id,
        enabled: false,
        settings: { type: 'rtmp', url: 'rtmp://127.0.0.1:1/app', streamKey: 'k' },
      },
    });
    await api.outputs.create({
      body: { workspaceId: workspace.id, name: `Stage ${stamp}`, backupSourceId: source.id },
    });
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    const row = page.getByRole('listitem', { name: source.name });
    await row.getByRole('button', { name: `Delete ${source.name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete source?' });
    const effects = confirm.getByRole('list', { name: 'What else this changes' });
    await expect(effects.getByText(`The target Relay ${stamp} stops and loses its feed.`)).toBeVisible();
    await expect(
      effects.getByText(
        `The player Stage ${stamp} (backup ingest) loses this input and switches to its backup or fallback.`,
      ),
    ).toBeVisible();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toBeHidden({ timeout: 1000 });
  });

  test('a scheduled source shows its real start and a countdown, in English and German', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const start = new Date(Date.now() + 20 * 24 * 3600_000);
    start.setUTCHours(17, 0, 0, 0);
    const source = await adminApi().sources.create({
      body: {
        workspaceId: workspace.id,
        name: `In three weeks ${Date.now()}`,
        type: 'rtmp',
        startNow: false,
        scheduledStart: start.toISOString(),
      },
    });
    await page.goto(`/${corporation.id}/${workspace.id}/sources`);
    const row = page.getByRole('listitem', { name: source.name });
    // The date as the browser itself writes it (its time zone and ICU), in each language.
    const inBrowser = (locale: string) =>
      page.evaluate(
        ([l, iso]) =>
          new Intl.DateTimeFormat(l, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso!)),
        [locale, start.toISOString()],
      );
    const en = await inBrowser('en');
    await expect(row.getByText(`Starts ${en} (in 3 weeks)`)).toBeVisible();
    await expect(row.getByText('Starts now')).toBeHidden();

    await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
    await page.reload();
    const de = await inBrowser('de');
    await expect(row.getByText(`Startet ${de} (in 3 Wochen)`)).toBeVisible();
    await page.evaluate(() => localStorage.setItem('user-lang', 'en'));
  });

  test('add workspace: validation, failure message, success lands in it', async ({ page }) => {
    const { corporation } = await ownerHome();
    await page.goto(`/add-workspace?corporation=${corporation.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Add workspace' })).toBeVisible();
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByText('Required')).toBeVisible();

    const name = `Created ${Date.now()}`;
    await page.getByLabel('Workspace name').fill(name);
    await page.route(routeUrl(workspaceRoutes.create), (route) =>
      isCallOf(route.request(), workspaceRoutes.create)
        ? route.fulfill({ status: 500, body: '' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByRole('alert')).toHaveText('Something went wrong on workspace creation!');
    await page.unroute(routeUrl(workspaceRoutes.create));

    await page.getByRole('button', { name: 'Create workspace' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/${corporation.id}/[0-9a-f-]{36}$`));
  });

  test('switcher: empty corporation shows the create link; search is a case-insensitive substring', async ({
    page,
  }) => {
    const empty = await adminApi().corporations.create({ body: { name: `Empty ${Date.now()}` } });
    await page.goto('/');
    await page.getByRole('button', { name: /Switch workspace/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Switch workspace' });
    await dialog.getByRole('button', { name: empty.name }).click();
    await expect(dialog.getByText('No workspaces available in this corporation yet.')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Create a workspace' })).toHaveAttribute(
      'href',
      `/add-workspace?corporation=${empty.id}`,
    );
    await dialog.getByLabel('Search workspaces').fill('y workSP');
    await expect(dialog.getByRole('button', { name: /My Workspace/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
  });

  test('switcher without any corporation says so', async ({ page }) => {
    await page.route(routeUrl(corporationRoutes.list), (route) =>
      isCallOf(route.request(), corporationRoutes.list)
        ? route.fulfill({ json: { items: [], total: 0, limit: 200, offset: 0 } })
        : route.continue(),
    );
    await page.goto('/');
    await page.getByRole('button', { name: /Switch workspace/ }).click();
    await expect(page.getByRole('dialog').getByText('No Workspaces available')).toBeVisible();
  });

  test('corporation page: rename, members, delete with confirmation', async ({ page }) => {
    const corporation = await adminApi().corporations.create({ body: { name: `Doomed ${Date.now()}` } });
    await page.goto(`/${corporation.id}`);
    await expect(page.getByRole('heading', { level: 1, name: corporation.name })).toBeVisible();
    await expect(
      page.getByRole('list', { name: 'Members' }).getByText('Owner', { exact: true }),
    ).toBeVisible();

    const renamed = `${corporation.name} renamed`;
    await page.getByLabel('Corporation name').fill(renamed);
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect(page.getByRole('heading', { level: 1, name: renamed })).toBeVisible();

    await page.getByRole('button', { name: 'Delete corporation…' }).click();
    const confirm = page.getByRole('dialog', { name: `Delete ${renamed}?` });
    await expect(confirm.getByRole('button', { name: 'Delete for good' })).toBeDisabled();
    await confirm.getByLabel('Corporation name').fill(renamed);
    await confirm.getByRole('button', { name: 'Delete for good' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('heading', { name: renamed })).toHaveCount(0);
  });

  test('search and notifications sheets', async ({ page }) => {
    // A user of their own: flows running beside this one (first stream, streaming) notify the owner.
    const { corporation, workspace } = await ownerHome();
    const member = await createMember({
      corporationId: corporation.id,
      workspaceId: workspace.id,
      label: 'sheets',
    });
    await signIn(page, member.token, 'en', '/');
    await page.getByRole('button', { name: 'Search' }).click();
    const sheet = page.getByRole('dialog', { name: 'Search' });
    await sheet.getByLabel('Search by name').fill('my work');
    await expect(
      sheet.getByRole('region', { name: 'Workspaces' }).getByRole('link', { name: /My Workspace/ }),
    ).toBeVisible();
    await sheet.getByLabel('Search by name').fill('zzz-nothing');
    await expect(sheet.getByText('No results for “zzz-nothing”')).toBeVisible();
    await sheet.getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: 'Notifications' }).click();
    const notifications = page.getByRole('dialog', { name: 'Notifications' });
    await expect(notifications.getByText("You're all caught up")).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(notifications).toBeHidden();
  });
});

test('user settings: password change keeps the session, email change, avatar and socials', async ({
  page,
}) => {
  // Four forms with server-side password hashing in one flow: more than the default minute on a busy CI box.
  test.setTimeout(120_000);
  const { corporation, workspace } = await ownerHome();
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    label: 'settings',
  });
  await signIn(page, member.token, 'en', '/user/settings');

  // Avatar: the account icon until a picture is uploaded, then the picture at 36 px in the top bar.
  const accountMenu = page.getByRole('button', { name: 'Account menu' });
  await expect(accountMenu.locator('img')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Upload picture' })).toBeEnabled();
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  const avatar = accountMenu.locator('img');
  await expect(avatar).toHaveAttribute('src', /\/cdn\/avatars\//);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  expect((await avatar.boundingBox())?.width).toBe(36);
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(accountMenu.locator('img')).toHaveCount(0);

  const passwordSection = page.getByRole('region', { name: 'Password' });
  await passwordSection.getByRole('textbox', { name: 'Current password' }).fill(member.password);
  await passwordSection
    .getByRole('textbox', { name: 'New password', exact: true })
    .fill('changed-password-2');
  await passwordSection.getByRole('textbox', { name: 'Repeat new password' }).fill('changed-password-3');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByText("Passwords don't match")).toBeVisible();
  await passwordSection.getByRole('textbox', { name: 'Repeat new password' }).fill('changed-password-2');
  await passwordSection.getByRole('button', { name: 'Change password' }).click();
  await expect(passwordSection.getByRole('status')).toHaveText(/Password changed/);
  const token = await page.evaluate(() => localStorage.getItem('stromwerk-session'));
  expect(token).not.toBe(member.token);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'User settings' })).toBeVisible();

  const emailSection = page.getByRole('region', { name: 'Email address' });
  const newEmail = member.email.replace('@', '+new@');
  await emailSection.getByRole('textbox', { name: 'New email address' }).fill('nope');
  await emailSection.getByRole('textbox', { name: 'Current password' }).fill('wrong-password');
  await emailSection.getByRole('button', { name: 'Change email address' }).click();
  await expect(emailSection.getByText('Invalid email address')).toBeVisible();
  await emailSection.getByRole('textbox', { name: 'New email address' }).fill(newEmail);
  await emailSection.getByRole('button', { name: 'Change email address' }).click();
  await expect(emailSection.getByRole('alert')).toHaveText('The password is not correct.');
  await emailSection.getByRole('textbox', { name: 'Current password' }).fill('changed-password-2');
  await emailSection.getByRole('button', { name: 'Change email address' }).click();
  // Nothing changes until the link mailed to the new address is opened.
  await expect(emailSection.getByRole('status')).toContainText(newEmail);
  await expect(emailSection.getByText(member.email, { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Email address' }).getByRole('alert')).toContainText(
    `Waiting for ${newEmail} to be confirmed`,
  );
  const mail = await waitForMail(newEmail, '/login/verify-email?token=');
  await page.goto(linkIn(mail, '/login/verify-email?token='));
  await expect(page.getByRole('status')).toHaveText('Thank you! Your email address is verified.');
  await page.getByRole('link', { name: 'Continue to Stromwerk' }).click();
  await page.goto('/user/settings');
  const changed = page.getByRole('region', { name: 'Email address' });
  await expect(changed.getByText(newEmail, { exact: true })).toBeVisible();
  await expect(changed.getByText('Verified', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Social networks' }).click();
  await expect(page).toHaveURL(/\/user\/socials$/);
  await expect(page.getByText('No social networks connected')).toBeVisible();
});
