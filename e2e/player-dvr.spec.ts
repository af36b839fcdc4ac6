import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { expectPlaybackAdvances, playerScratchDir, shot } from './support/player';
import { publish, stop } from './support/publisher';

/**
 * The DVR window of a high-latency player in Chromium with hls.js: seek back 30 s with the keyboard,
 * see how far behind live, go back to live with the button and with End.
 */
let encoder: ChildProcess | undefined;
test.afterAll(async () => stop(encoder));

test('a high-latency player seeks back 30 s in its DVR window and returns to live', async ({ page }) => {
  test.setTimeout(240_000);
  const { corporation } = await ownerHome();
  const api = adminApi();
  const ws = await api.workspaces.create({
    body: { corporationId: corporation.id, name: `DVR ${Date.now()}` },
  });
  const src = await api.sources.create({ body: { workspaceId: ws.id, name: 'Stage cam', type: 'rtmp' } });
  encoder = publish((await api.sources.streamKey({ params: { id: src.id } })).streamKey);
  const output = await api.outputs.create({
    body: { workspaceId: ws.id, name: 'Conference (DVR)', mainSourceId: src.id, latency: 'high' },
  });
  await expect
    .poll(async () => (await api.outputs.get({ params: { id: output.id } })).input, { timeout: 45_000 })
    .toBe('main');
  await page.goto(`${e2eEnv().baseUrl}/player/${output.id}`);
  await expectPlaybackAdvances(page, 'main');

  const bar = page.getByRole('group', { name: 'Seek in the live stream' });
  const position = bar.getByRole('slider', { name: 'Position in the live stream' });
  const back = bar.getByRole('button', { name: 'Back to live' });
  const behind = bar.getByTestId('dvr-behind');
  await expect(behind).toHaveText('LIVE');
  await expect(back).toBeDisabled();
  // The window grows with the stream: wait until it holds well over 30 s before the live position.
  await expect
    .poll(() => position.evaluate((r: HTMLInputElement) => Number(r.max) - Number(r.min)), {
      timeout: 120_000,
    })
    .toBeGreaterThan(45);

  const time = () => page.locator('video').evaluate((v: HTMLVideoElement) => v.currentTime);
  const readAt = Date.now();
  const before = await time();
  await position.focus();
  for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');
  // Three steps of 10 s back, counted against where playback would be by now: it goes on playing while
  // the keys are pressed (over 3 s on a busy machine).
  const after = await time();
  const played = (Date.now() - readAt) / 1000;
  expect(before + played - after).toBeGreaterThan(27);
  await expect(behind).toHaveText(/^-0:(2[5-9]|3\d)$/);
  await expect(back).toBeEnabled();
  await expect(position).toHaveAttribute('aria-valuetext', /behind live/);
  await shot(page, join(playerScratchDir, 'player-dvr-behind.png'));
  // The bar is usable without sight: axe finds nothing serious with the seek bar and button showing.
  await expectAccessible(page, 'player DVR bar, behind live');
  // Playback goes on from there, 30 s behind live: it does not jump back to live by itself.
  await expectPlaybackAdvances(page);
  await expect(behind).toHaveText(/^-0:(2[5-9]|3\d)$/);

  await back.click();
  await expect(behind).toHaveText('LIVE');
  await expect(back).toBeDisabled();
  await page.waitForTimeout(3000);
  await expect(behind).toHaveText('LIVE');

  await position.focus();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(behind).toHaveText(/^-0:[12]\d$/);
  await page.keyboard.press('End');
  await expect(behind).toHaveText('LIVE');
  await expectPlaybackAdvances(page);
  await expect(behind).toHaveText('LIVE');
});
