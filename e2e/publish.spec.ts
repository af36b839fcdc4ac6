import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { apiAs, createMember, ownerHome, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';
import { smallVideo } from './support/media-files';
import { screenshotsDir } from './support/screenshots-dir';
import { signIn } from './support/session';

/**
 * Posting media (issue 20): a user connects YouTube through the local authorization server, has an FTP
 * server saved, and publishes a media from the library to both; the jobs panel follows both uploads to
 * the end and shows where each was published. The dialog passes axe in English and German.
 */
const MEDIA = 'Publish rehearsal';

test('publish a media to YouTube and FTP and watch both jobs finish', async ({ page }) => {
  test.setTimeout(120_000);
  const { corporation, workspace } = await ownerHome();
  const mediaId = await uploadReadyMedia(workspace.id, smallVideo(MEDIA), MEDIA);
  const member = await createMember({
    corporationId: corporation.id,
    workspaceId: workspace.id,
    label: 'publish',
  });
  await apiAs(member.token).socials.create({
    body: {
      network: 'ftp',
      name: 'Archive server',
      host: '127.0.0.1',
      port: Number(process.env.E2E_FTP_PORT),
      user: process.env.E2E_FTP_USER!,
      password: process.env.E2E_FTP_PASSWORD!,
      protocol: 'ftp',
      basePath: '/',
    },
  });
  await signIn(page, member.token, 'en', '/user/socials');
  await page.getByRole('button', { name: 'Connect YouTube' }).click();
  await expect(page.getByText('YouTube is connected.')).toBeVisible();

  await page.goto(`/${corporation.id}/${workspace.id}/media`);
  await page.getByRole('button', { name: `More actions for ${MEDIA}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish “${MEDIA}”` });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('checkbox', { name: 'Stand-in Channel · YouTube' }).check();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Rehearsal {date}');
  await dialog.getByRole('textbox', { name: 'Tags' }).fill('rehearsal, e2e');
  await dialog.getByRole('combobox', { name: 'Visibility' }).click();
  await page.getByRole('option', { name: 'Unlisted' }).click();
  await dialog.getByRole('checkbox', { name: 'Archive server · FTP' }).check();
  await expect(dialog.getByRole('combobox', { name: 'Folder' })).toBeVisible();
  await expectAccessible(page, 'publish dialog');
  await page.setViewportSize({ width: 1200, height: 1000 });
  await page.mouse.move(0, 0);
  await dialog.screenshot({ path: join(screenshotsDir, 'publish-dialog.png'), animations: 'disabled' });

  await dialog.getByRole('button', { name: 'Publish to 2' }).click();
  await expect(page.getByText(`Publishing “${MEDIA}” to 2 destinations`)).toBeVisible();
  await page.getByRole('button', { name: 'Show jobs' }).click();
  const jobs = page.getByRole('list', { name: 'Jobs' });
  const posts = jobs.getByRole('listitem', { name: 'Publish' }).filter({ hasText: MEDIA });
  await expect(posts).toHaveCount(2);
  await expect(posts.getByText('Done', { exact: true })).toHaveCount(2, { timeout: 60_000 });
  const addresses = posts.getByTestId('job-result-url');
  await expect(addresses.filter({ hasText: /^https:\/\/www\.youtube\.com\/watch\?v=/ })).toHaveCount(1);
  await expect(
    addresses.filter({ hasText: /^ftp:\/\/127\.0\.0\.1:\d+\/Publish%20rehearsal-[0-9a-f]{8}\.mkv$/ }),
  ).toHaveCount(1);
  const post = (
    await apiAs(member.token).jobs.listInWorkspace({ params: { id: workspace.id } })
  ).items.filter((j) => j.type === 'social-post' && j.mediaId === mediaId);
  expect(post.map((j) => j.state)).toEqual(['done', 'done']);
  await expectAccessible(page, 'jobs with published addresses');
});

test("publish a media to X: the post's text, the job done with the post's address", async ({ page }) => {
  test.setTimeout(120_000);
  const { corporation, workspace } = await ownerHome();
  const name = 'X rehearsal';
  await uploadReadyMedia(workspace.id, smallVideo(name), name);
  const member = await createMember({ corporationId: corporation.id, workspaceId: workspace.id, label: 'x' });
  await signIn(page, member.token, 'en', '/user/socials');
  await page.getByRole('button', { name: 'Connect X' }).click();
  await expect(page.getByText('X is connected.')).toBeVisible();

  await page.goto(`/${corporation.id}/${workspace.id}/media`);
  await page.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: 'Publish…' }).click();
  const dialog = page.getByRole('dialog', { name: `Publish “${name}”` });
  await dialog.getByRole('checkbox', { name: 'Stand-in X · X' }).check();
  await dialog.getByRole('textbox', { name: 'Text of the post' }).fill('Tonight’s rehearsal');
  await expectAccessible(page, 'publish dialog with X');
  await dialog.getByRole('button', { name: 'Publish', exact: true }).click();
  await page.getByRole('button', { name: 'Show jobs' }).click();
  const post = page
    .getByRole('list', { name: 'Jobs' })
    .getByRole('listitem', { name: 'Publish' })
    .filter({ hasText: name });
  await expect(post.getByText('Done', { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(post.getByTestId('job-result-url')).toHaveText(/^https:\/\/x\.com\/i\/web\/status\/\d+$/);
});

test.describe('German', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('the publish dialog in German', async ({ page }) => {
    const { corporation, workspace } = await ownerHome();
    const name = 'Veröffentlichungsprobe';
    await uploadReadyMedia(workspace.id, smallVideo(name), name);
    await page.goto(`/${corporation.id}/${workspace.id}/media`);
    await page.getByRole('button', { name: `Weitere Aktionen für ${name}`, exact: true }).click();
    await page.getByRole('menuitem', { name: 'Veröffentlichen…' }).click();
    const dialog = page.getByRole('dialog', { name: `„${name}“ veröffentlichen` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Abbrechen' })).toBeVisible();
    await expectAccessible(page, 'publish dialog (de)');
  });
});
