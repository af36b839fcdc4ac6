import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ffmpeg, freePort, stopAll } from '../scripts/lib/test-support.mjs';
import { adminApi, ownerHome } from './support/api';
import { adminEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { publish } from './support/publisher';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Stream Sources and Live-Stream Targets end to end: a real ffmpeg publishes to the server's RTMP
 * ingest, the source turns Live in the list without a reload, and a target pushes it on to a local
 * RTMP receiver (another ffmpeg) until it reads Online.
 */
const outDir = screenshotsDir;

/** Narrow layouts are checked by eye from here; only the 1200 px shots are documented. */
const scratchDir = join(tmpdir(), 'stromwerk-streaming-shots');

async function scratchShot(page: Page, name: string) {
  mkdirSync(scratchDir, { recursive: true });
  await page.screenshot({ path: join(scratchDir, `${name}.png`), animations: 'disabled' });
}

async function narrowShots(page: Page, name: string) {
  mkdirSync(scratchDir, { recursive: true });
  for (const width of [400, 700]) {
    await page.setViewportSize({ width, height: 860 });
    await page.screenshot({ path: join(scratchDir, `${name}-${width}.png`), animations: 'disabled' });
  }
  await page.setViewportSize({ width: 1200, height: 800 });
}

// Encoders and receivers end with the flow, at once (SIGKILL).
test.afterEach(() => stopAll(0));

test('publish to an RTMP source, see it live, push it to an RTMP target', async ({ page }) => {
  test.setTimeout(150_000);
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `Streaming ${Date.now()}`,
    },
  });
  const { email, password } = adminEnv();
  await page.setViewportSize({ width: 1200, height: 800 });

  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Your workspaces' })).toBeVisible();
  await page.goto(`/${corporation.id}/${workspace.id}`);
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Stream Sources' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Stream Sources' })).toBeVisible();

  // Create an RTMP source; the form validates first.
  await page.getByRole('button', { name: 'Add source' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add stream source' });
  await form.getByRole('button', { name: 'Add source' }).click();
  await expect(form.getByText('Required')).toBeVisible();
  await scratchShot(page, 'source-form');
  await form.getByLabel('Name').fill('Main stage');
  await form.getByRole('button', { name: 'Add source' }).click();
  await expect(form).toBeHidden();
  const row = page.getByRole('listitem', { name: 'Main stage' });
  await expect(row.getByText('Offline', { exact: true })).toBeVisible();

  // The search sheet finds the workspace's sources by name.
  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByRole('dialog', { name: 'Search' });
  await search.getByLabel('Search by name').fill('main st');
  await expect(
    search.getByRole('region', { name: 'Stream sources' }).getByRole('link', { name: /Main stage/ }),
  ).toBeVisible();
  await search.getByRole('button', { name: 'Close' }).click();
  await expect(search).toBeHidden();

  // Encoder setup: reveal the key, then publish to it with ffmpeg.
  await row.getByRole('button', { name: 'Encoder setup for Main stage' }).click();
  const setup = page.getByRole('dialog', { name: /Encoder setup: Main stage/ });
  await expect(setup.getByRole('textbox', { name: 'Server URL' })).not.toHaveValue('');
  await setup.getByRole('button', { name: 'Reveal stream key' }).click();
  const keyField = setup.getByRole('textbox', { name: 'Stream key' });
  await expect(keyField).not.toHaveValue(/•|Loading/);
  const streamKey = await keyField.inputValue();
  await scratchShot(page, 'encoder-setup');
  expect(streamKey.length).toBeGreaterThan(8);
  await setup.getByRole('button', { name: 'Close' }).click();
  await expect(setup).toBeHidden();

  publish(streamKey);

  // No reload: polling (or live updates) bring the state and the probed stream info.
  await expect(row.getByText('Live', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(row.getByTestId('stream-info')).toContainText('640×360', { timeout: 30_000 });
  await expect(row.getByText(/Started .* ago|Started now/)).toBeVisible();
  // A live picture of the source, taken from the ingest.
  const preview = row.getByRole('img', { name: 'Live picture of Main stage' });
  await expect(preview).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // Multi-select warns that changes apply to the whole selection.
  await page.getByRole('checkbox', { name: 'Select all sources' }).check();
  await expect(page.getByRole('button', { name: 'Enable recording' })).toBeVisible();
  await expect(page.getByText('Changes apply to the complete selection.')).toBeVisible();
  await scratchShot(page, 'sources-selected');
  await page.getByRole('checkbox', { name: 'Select all sources' }).uncheck();

  mkdirSync(outDir, { recursive: true });
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(outDir, 'sources-en-1200.png'), animations: 'disabled', caret: 'hide' });
  await narrowShots(page, 'sources');

  // A local RTMP receiver and a target pushing the source to it.
  const receiverPort = await freePort();
  ffmpeg(['-listen', '1', '-i', `rtmp://127.0.0.1:${receiverPort}/app/out`, '-c', 'copy', '-f', 'null', '-']);

  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Live-Stream Targets' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Live-Stream Targets' })).toBeVisible();
  await page.getByRole('button', { name: 'Add target' }).first().click();
  const targetForm = page.getByRole('dialog', { name: 'Add live-stream target' });
  await targetForm.getByLabel('Name').fill('Local receiver');
  await expect(targetForm.getByRole('combobox', { name: 'Feed source' })).toHaveValue('Main stage');
  await targetForm.getByLabel('RTMP URL').fill('not a url');
  await targetForm.getByRole('button', { name: 'Add target' }).click();
  await expect(targetForm.getByText('Must be an rtmp:// or rtmps:// URL')).toBeVisible();
  await targetForm.getByLabel('RTMP URL').fill(`rtmp://127.0.0.1:${receiverPort}/app`);
  await targetForm.getByLabel('Stream key').fill('out');
  await scratchShot(page, 'target-form');
  await targetForm.getByRole('button', { name: 'Add target' }).click();
  await expect(targetForm).toBeHidden();

  const targetRow = page.getByRole('listitem', { name: 'Local receiver' });
  await expect(targetRow.getByText('Feed: Main stage')).toBeVisible();
  await expect(targetRow.getByText('Online', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(targetRow.getByRole('switch', { name: 'Enable Local receiver' })).toBeChecked();
  await expect(targetRow.getByText(/kbit\/s/)).toBeVisible({ timeout: 15_000 });
  await expect(targetRow.getByText('0 s', { exact: true })).toBeHidden({ timeout: 10_000 });

  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(outDir, 'targets-en-1200.png'), animations: 'disabled', caret: 'hide' });
  await narrowShots(page, 'targets');

  // Delete asks first.
  await targetRow.getByRole('button', { name: 'Delete Local receiver' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete target?' });
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(targetRow).toBeHidden();

  // The workspace home gives the live overview (issue 13.10).
  await page.goto(`/${corporation.id}/${workspace.id}`);
  const liveNow = page.getByRole('region', { name: /^Live now/ });
  await expect(liveNow.getByText(/^Main stage, started /)).toBeVisible();
  await expect(
    page.getByRole('region', { name: /^Targets failing/ }).getByText('No target is failing.'),
  ).toBeVisible();
  await scratchShot(page, 'workspace-home-live');

  // German: the source list reads in German (checked by eye from the scratch shot).
  await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
  await page.goto(`/${corporation.id}/${workspace.id}/sources`);
  await expect(page.getByRole('heading', { level: 1, name: 'Stream-Quellen' })).toBeVisible();
  await expect(page.getByRole('listitem', { name: 'Main stage' }).getByText(/Gestartet/)).toBeVisible();
  await scratchShot(page, 'sources-de-1200');

  // A target whose receiver is gone says why in German, ffmpeg's English only behind "Details" (issue 13.7).
  const [mainStage] = (await adminApi().sources.list({ query: { workspaceId: workspace.id } })).items;
  await adminApi().targets.create({
    body: {
      workspaceId: workspace.id,
      name: 'Gone receiver',
      sourceId: mainStage!.id,
      settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${await freePort()}/app`, streamKey: 'out' },
    },
  });
  await page.goto(`/${corporation.id}/${workspace.id}/targets`);
  const gone = page.getByRole('listitem', { name: 'Gone receiver' });
  await expect(gone.getByText(/^Letzter Fehler: Keine Verbindung zum empfangenden Server/)).toBeVisible({
    timeout: 30_000,
  });
  await expect(gone.getByText('Could not connect to the receiver')).toBeHidden();
  await gone.getByRole('button', { name: 'Details' }).click();
  await expect(gone.getByText('Could not connect to the receiver')).toBeVisible();
  await scratchShot(page, 'targets-failure-de-1200');
});
