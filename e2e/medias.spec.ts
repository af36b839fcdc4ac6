import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { makeMediaFiles } from './support/media-files';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Media Management end to end: real files made with ffmpeg go through the page's upload button with
 * a throttled connection (so the progress bar shows), the thumbnail job makes a still and a preview
 * strip, a render to MP4 runs as a job until done, and a file that is not media is refused per file.
 */
const outDir = screenshotsDir;
/** Narrow layouts and dialogs are checked by eye from here; only the 1200 px shots are documented. */
const scratchDir = join(tmpdir(), 'stromwerk-media-shots');
const workDir = mkdtempSync(join(tmpdir(), 'stromwerk-media-files-'));

test.use({ session: 'owner' });
test.afterAll(() => rmSync(workDir, { recursive: true, force: true }));

async function pick(page: Page, files: string[]) {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Upload media' }).first().click();
  await (await chooser).setFiles(files);
}

/** Drags a file onto the library the way a file manager would: enter (overlay shows), then drop. */
async function drop(page: Page, path: string) {
  const zone = page.getByTestId('upload-drop-zone');
  const transfer = await page.evaluateHandle(
    ({ name, base64 }) => {
      const data = new DataTransfer();
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      data.items.add(new File([bytes], name, { type: 'video/mp4' }));
      return data;
    },
    { name: basename(path), base64: readFileSync(path).toString('base64') },
  );
  await zone.dispatchEvent('dragenter', { dataTransfer: transfer });
  await expect(page.getByText('Drop the files to upload them')).toBeVisible();
  await zone.dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('Drop the files to upload them')).toBeHidden();
}

async function menuAction(page: Page, name: string, action: string) {
  await page.getByRole('button', { name: `More actions for ${name}`, exact: true }).click();
  await page.getByRole('menuitem', { name: action }).click();
}

async function shot(page: Page, path: string) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    document.querySelector('main')?.scrollTo(0, 0);
  });
  await page.screenshot({ path, animations: 'disabled', caret: 'hide' });
}

const card = (page: Page, name: string, list = 'Media'): Locator =>
  page.getByRole('list', { name: list, exact: true }).getByRole('listitem', { name, exact: true });

test('upload, preview, render to MP4 and manage media with their jobs', async ({ page }) => {
  test.setTimeout(240_000);
  mkdirSync(scratchDir, { recursive: true });
  mkdirSync(outDir, { recursive: true });
  const files = await makeMediaFiles(workDir);
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `Media ${Date.now()}`,
    },
  });
  const mediaPath = `/${corporation.id}/${workspace.id}/media`;
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(mediaPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Media Management' })).toBeVisible();
  await expect(page.getByText('Your media library is empty')).toBeVisible();

  // A slow uplink so the progress of each file can be watched.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const throttle = (uploadThroughput: number) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput,
    });
  await throttle(256 * 1024);

  // A cancelled upload leaves nothing behind.
  await pick(page, [files.video]);
  const cancelled = page.getByRole('progressbar', { name: 'Uploading Keynote rehearsal.mkv' });
  await expect(cancelled).toBeVisible();
  await page.getByRole('button', { name: 'Cancel upload of Keynote rehearsal.mkv' }).click();
  await expect(cancelled).toBeHidden();

  await pick(page, [files.video, files.demo, files.audio]);
  const progress = page.getByRole('progressbar', { name: 'Uploading Keynote rehearsal.mkv' });
  await expect(progress).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await expect(page.getByText(/\d+% · .+ of .+/).first()).toBeVisible();
  await shot(page, join(scratchDir, 'uploading-1200.png'));
  await expect(progress).toBeHidden({ timeout: 60_000 });
  await throttle(-1);

  // The thumbnail job gives a still and a preview strip for the hover scrub.
  const keynote = card(page, 'Keynote rehearsal');
  await expect(keynote).toBeVisible({ timeout: 30_000 });
  await expect(card(page, 'Podcast intro')).toBeVisible();
  const thumbnail = keynote.locator('img');
  await expect(thumbnail).toBeVisible({ timeout: 60_000 });
  await expect
    .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await expect(keynote.getByText('0:06')).toBeVisible();
  await keynote.getByTestId('media-thumbnail').hover({ position: { x: 200, y: 60 } });
  await expect(keynote.getByTestId('media-preview-strip')).toBeVisible();

  // Render to MP4 runs as a job; the jobs panel follows it to the end.
  await menuAction(page, 'Keynote rehearsal', 'Render to MP4');
  await expect(page.getByText('Rendering “Keynote rehearsal” to MP4 has started.')).toBeVisible();
  await page.getByRole('button', { name: 'Show jobs' }).click();
  await expect(page).toHaveURL(/tab=jobs/);
  const jobs = page.getByRole('list', { name: 'Jobs' });
  const render = jobs.getByRole('listitem', { name: 'Render to MP4' }).filter({ hasText: 'Keynote' });
  await expect(render).toBeVisible();
  await expect(render.getByText('Keynote rehearsal', { exact: false })).toBeVisible();
  await expect(render.getByText('Done', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(jobs.getByRole('listitem', { name: 'Thumbnails' }).first()).toBeVisible();
  await expectAccessible(page, 'media jobs panel');
  await shot(page, join(scratchDir, 'jobs-done-1200.png'));

  await page.getByRole('tab', { name: 'Library' }).click();
  const mp4 = card(page, 'Keynote rehearsal (MP4)');
  await expect(mp4).toBeVisible({ timeout: 30_000 });
  await expect(mp4.getByText('Render', { exact: true })).toBeVisible();
  await expect(mp4.locator('img')).toBeVisible({ timeout: 60_000 });

  // The rendered MP4 plays in the preview dialog.
  await mp4.getByRole('button', { name: 'Play Keynote rehearsal (MP4)' }).click();
  const player = page.getByRole('dialog', { name: 'Keynote rehearsal (MP4)' });
  await expect(player.getByLabel('Player: Keynote rehearsal (MP4)')).toBeVisible();
  await expect
    .poll(() => player.locator('video').evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(0);
  await shot(page, join(scratchDir, 'player-1200.png'));
  await player.getByRole('button', { name: 'Close' }).first().click();
  await expect(player).toBeHidden();

  // Copy, then rename the copy.
  await menuAction(page, 'Podcast intro', 'Make a copy');
  await expect(card(page, 'Podcast intro (copy)')).toBeVisible();
  const notice = page.getByRole('alert').filter({ hasText: 'Copy created: Podcast intro (copy)' });
  await notice.getByRole('button', { name: 'Close' }).click();
  await expect(notice).toBeHidden();
  await menuAction(page, 'Podcast intro (copy)', 'Rename');
  const rename = page.getByRole('dialog', { name: 'Rename media' });
  await rename.getByLabel('Name').fill('');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename.getByText('Required')).toBeVisible();
  await rename.getByLabel('Name').fill('Podcast teaser');
  await rename.getByRole('button', { name: 'Rename' }).click();
  await expect(rename).toBeHidden();
  await expect(card(page, 'Podcast teaser')).toBeVisible();

  // A text file named like a video is refused, with the reason next to that file.
  // This one arrives by drag and drop.
  await drop(page, files.notes);
  const uploads = page.getByRole('region', { name: 'Uploads' });
  await expect(uploads.getByText('“notes.mp4” is not a playable audio or video file.')).toBeVisible({
    timeout: 30_000,
  });
  await shot(page, join(scratchDir, 'upload-error-1200.png'));
  await uploads.getByRole('button', { name: 'Remove notes.mp4 from the list' }).click();
  await expect(uploads).toBeHidden();

  // Search, origin filter and sort ask the server.
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('podcast');
  await expect(card(page, 'Keynote rehearsal')).toBeHidden();
  await expect(card(page, 'Podcast teaser')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search by name' }).fill('');
  await page.getByRole('combobox', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'Render' }).click();
  await expect(card(page, 'Keynote rehearsal (MP4)')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Media', exact: true }).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('combobox', { name: 'Origin' }).click();
  await page.getByRole('option', { name: 'All origins' }).click();
  await page.getByRole('combobox', { name: 'Sort by' }).click();
  await page.getByRole('option', { name: 'Name' }).click();
  // axe must not see the menu while it fades out.
  await expect(page.getByRole('option', { includeHidden: true })).toHaveCount(0);
  await expect(
    page.getByRole('list', { name: 'Media', exact: true }).getByRole('heading', { level: 2 }),
  ).toHaveText([
    'Fractal zoom',
    'Keynote rehearsal',
    'Keynote rehearsal (MP4)',
    'Podcast intro',
    'Podcast teaser',
  ]);
  await expectAccessible(page, 'media grid');
  await shot(page, join(outDir, 'media-en-1200.png'));

  // The list view is remembered across a reload.
  await page.getByRole('button', { name: 'List view' }).click();
  await expect(page.getByRole('table', { name: 'Media', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('table', { name: 'Media', exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: /Podcast teaser/ })).toBeVisible();
  await expectAccessible(page, 'media list view');
  await shot(page, join(scratchDir, 'media-list-1200.png'));

  // Delete asks first.
  await menuAction(page, 'Podcast teaser', 'Delete');
  const confirm = page.getByRole('dialog', { name: 'Delete media?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('row', { name: /Podcast teaser/ })).toBeHidden();
  await page.getByRole('button', { name: 'Grid view' }).click();

  // Compact layout (checked by eye) and the documented jobs panel.
  for (const width of [400, 700]) {
    await page.setViewportSize({ width, height: 860 });
    await shot(page, join(scratchDir, `media-en-${width}.png`));
  }
  await page.setViewportSize({ width: 400, height: 860 });
  await expectAccessible(page, 'media grid at 400 px');
  await page.setViewportSize({ width: 1200, height: 800 });

  // A long render: live progress with time left, then cancelled and deleted.
  await pick(page, [files.long]);
  const conference = card(page, 'Conference day');
  await expect(conference.locator('img')).toBeVisible({ timeout: 90_000 });
  await menuAction(page, 'Conference day', 'Render to MP4');
  await page.getByRole('tab', { name: /Jobs/ }).click();
  const long = jobs.getByRole('listitem', { name: 'Render to MP4' }).filter({ hasText: 'Conference day' });
  const longProgress = long.getByRole('progressbar', {
    name: 'Progress of Render to MP4 for Conference day',
  });
  await expect
    .poll(async () => Number(await longProgress.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await expect(long.getByText(/^about .+ left$/)).toBeVisible();
  await expect(long.getByTestId('job-percent')).toHaveText(/^\d+%$/);
  await expect(page.getByRole('tab', { name: 'Jobs (1 active)' })).toBeVisible();
  await shot(page, join(outDir, 'jobs-en-1200.png'));
  await page.setViewportSize({ width: 400, height: 860 });
  await shot(page, join(scratchDir, 'jobs-en-400.png'));
  await expectAccessible(page, 'jobs panel at 400 px');
  await page.setViewportSize({ width: 1200, height: 800 });
  await long.getByRole('button', { name: 'Cancel Render to MP4 for Conference day' }).click();
  await expect(long.getByText('Cancelled', { exact: true })).toBeVisible();
  await long.getByRole('button', { name: 'Delete Render to MP4 job for Conference day' }).click();
  await expect(long).toBeHidden();
  await expect(render).toBeVisible();

  // German.
  await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
  await page.goto(mediaPath);
  await expect(page.getByRole('heading', { level: 1, name: 'Medienverwaltung' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Medien' }).getByRole('listitem')).toHaveCount(5);
  await expect(card(page, 'Keynote rehearsal', 'Medien').locator('img')).toBeVisible();
  await expectAccessible(page, 'media grid (de)');
  await shot(page, join(outDir, 'media-de-1200.png'));
  await page.getByRole('tab', { name: /Aufträge/ }).click();
  await shot(page, join(scratchDir, 'jobs-de-1200.png'));
});
