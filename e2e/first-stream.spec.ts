import { type ChildProcess, spawn } from 'node:child_process';
import { adminEnv, e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { expectPlaybackAdvances } from './support/player';

/**
 * The README's "Your first stream in five minutes", step by step as written there (issue 13): each
 * numbered step below is the README's step, done the way it says, with what the README promises checked.
 */
let encoder: ChildProcess | undefined;
test.afterEach(() => {
  encoder?.kill('SIGKILL');
});

test('README walkthrough: first stream in five minutes', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const name = `My first stream ${Date.now()}`;

  // 1. Log in with the owner's credentials and open Stream Sources (of the first workspace).
  const { email, password } = adminEnv();
  await page.goto('/');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page
    .getByRole('link', { name: /My Workspace/ })
    .first()
    .click();
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Stream Sources' })
    .click();

  // 2. Add source: a name, type RTMP (the default), save.
  await page.getByRole('button', { name: 'Add source' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add stream source' });
  await form.getByLabel('Name').fill(name);
  await form.getByRole('button', { name: 'Add source' }).click();
  const row = page.getByRole('listitem', { name });
  await expect(row.getByText('Offline', { exact: true })).toBeVisible();

  // 3. Encoder setup: copy the server URL and the stream key.
  await row.getByRole('button', { name: `Encoder setup for ${name}` }).click();
  const setup = page.getByRole('dialog', { name: new RegExp(`Encoder setup: ${name}`) });
  const serverUrl = await setup.getByRole('textbox', { name: 'Server URL' }).inputValue();
  await setup.getByRole('button', { name: 'Reveal stream key' }).click();
  const keyField = setup.getByRole('textbox', { name: 'Stream key' });
  await expect(keyField).not.toHaveValue(/•|Loading|^$/);
  const streamKey = await keyField.inputValue();
  await setup.getByRole('button', { name: 'Close' }).click();
  expect(serverUrl).toMatch(/^rtmp:\/\/[^/]+\/live$/);

  // 4. Publish with the README's ffmpeg line (smaller picture, same options), to <server URL>/<key>.
  encoder = spawn(
    'ffmpeg',
    [
      ...['-hide_banner', '-loglevel', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=size=640x360:rate=30'],
      ...['-f', 'lavfi', '-i', 'sine', '-c:v', 'libx264', '-preset', 'veryfast', '-g', '60'],
      ...['-pix_fmt', 'yuv420p', '-c:a', 'aac', '-f', 'flv', `${serverUrl}/${streamKey}`],
    ],
    { stdio: 'ignore' },
  );

  // 5. The source turns Live and shows codecs, resolution and frame rate.
  await expect(row.getByText('Live', { exact: true })).toBeVisible({ timeout: 45_000 });
  await expect(row.getByTestId('stream-info')).toContainText('640×360', { timeout: 30_000 });

  // 6. Player & Recorder: add a player with the source as main ingest.
  await page
    .getByRole('navigation', { name: 'Main navigation' })
    .getByRole('link', { name: 'Player & Recorder' })
    .click();
  await page.getByRole('button', { name: 'Add player' }).first().click();
  const player = page.getByRole('dialog', { name: 'Add player' });
  await player.getByLabel('Name').fill(`${name} player`);
  await player.getByRole('combobox', { name: 'Main ingest' }).click();
  await page.getByRole('option', { name }).click();
  await player.getByRole('button', { name: 'Add player' }).click();
  const playerRow = page.getByRole('listitem', { name: `${name} player` });
  await expect(playerRow.getByText('Live · main ingest')).toBeVisible({ timeout: 45_000 });

  // 7. Share: open the player URL; it plays.
  await playerRow.getByRole('button', { name: `Share and statistics of ${name} player` }).click();
  const share = page.getByRole('dialog', { name: new RegExp(`Share: ${name} player`) });
  const playerUrl = await share.getByRole('textbox', { name: 'Player URL' }).inputValue();
  const viewer = await (await browser.newContext()).newPage();
  await viewer.goto(playerUrl.replace(new URL(playerUrl).origin, e2eEnv().baseUrl));
  await expectPlaybackAdvances(viewer, 'main');
  await expect(viewer.getByRole('status', { name: /^Live, 1 viewer/ })).toBeVisible();
});
