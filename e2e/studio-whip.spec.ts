import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { expectPlaybackAdvances, shot } from './support/player';
import { screenshotsDir } from './support/screenshots-dir';
import { adminState } from './support/session';

/**
 * Going live from the browser (issue 35 items 3 and 5): the studio page of a WebRTC (WHIP) source, in a
 * Chromium with fake camera and microphone, lists the devices, shows the preview and the microphone's
 * level, and Start publishes over WHIP; the source goes live (its chip on the page, H.264 stream info on
 * the server) and a realtime player of the source plays it in another Chromium over WebRTC (WHEP), its
 * viewer counted on the studio page. A screen share swaps the picture while live (1280 wide to 1920 here,
 * no new offer) and the viewer plays on at the new size; Stop ends the publish and the source goes offline.
 */
test.describe.configure({ mode: 'default' });
let workspaceId = '';
let sourceId = '';
let outputId = '';

test.beforeAll(async () => {
  const { corporation } = await ownerHome();
  const api = adminApi();
  workspaceId = (
    await api.workspaces.create({
      body: { corporationId: corporation.id, name: `Town hall ${Date.now() % 10_000}` },
    })
  ).id;
  sourceId = (await api.sources.create({ body: { workspaceId, name: 'Browser studio', type: 'whip' } })).id;
  outputId = (
    await api.outputs.create({
      body: { workspaceId, name: 'Town hall', mainSourceId: sourceId, latency: 'realtime' },
    })
  ).id;
});
test.afterAll(async () => {
  if (workspaceId) await adminApi().workspaces.remove({ params: { id: workspaceId } });
});

test('the studio page goes live over WHIP and a realtime viewer watches it over WebRTC', async () => {
  test.setTimeout(150_000);
  // A browser of its own: fake capture devices and no permission prompt.
  const studioBrowser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      ...['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
      ...['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
    ],
  });
  try {
    const context = await studioBrowser.newContext({
      baseURL: e2eEnv().baseUrl,
      viewport: { width: 1200, height: 860 },
      storageState: adminState('en'),
    });
    await context.grantPermissions(['camera', 'microphone']);
    const page = await context.newPage();
    const api = adminApi();
    const source = await api.sources.get({ params: { id: sourceId } });
    // The way a user comes: the source's row on the sources page. Its encoder setup says how OBS
    // publishes over WHIP: the server URL, the bearer token (hidden until revealed), OBS's steps.
    await page.goto(`/${source.corporationId}/${workspaceId}/sources`);
    await page.getByRole('button', { name: 'Encoder setup for Browser studio' }).click();
    const setup = page.getByRole('dialog', { name: 'Encoder setup: Browser studio' });
    await expect(setup.getByRole('textbox', { name: 'Server URL' })).toHaveValue(source.ingestUrl ?? '');
    await expect(setup.getByText(/choose the service “WHIP”/)).toBeVisible();
    await setup.getByRole('button', { name: 'Reveal bearer token' }).click();
    const { streamKey } = await api.sources.streamKey({ params: { id: sourceId } });
    await expect(setup.getByRole('textbox', { name: 'Bearer token' })).toHaveValue(streamKey);
    await shot(page, join(screenshotsDir, 'encoder-setup-whip-en-1200.png'));
    await page.keyboard.press('Escape');
    await page.getByRole('link', { name: 'Go live from the browser with Browser studio' }).click();
    await expect(page.getByRole('heading', { name: 'Studio: Browser studio' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Camera' })).toContainText(/fake/i, { timeout: 15_000 });
    // The meter follows the fake microphone's beep.
    const meter = page.getByRole('meter', { name: 'Microphone level' });
    await expect
      .poll(async () => Number(await meter.getAttribute('aria-valuenow')), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await expectAccessible(page, 'studio');

    const posted = page.waitForResponse(
      (r) => r.request().method() === 'POST' && r.url().endsWith('/v1/whip'),
    );
    await page.getByRole('button', { name: 'Start live' }).click();
    expect((await posted).status()).toBe(201);
    await expect(page.getByRole('status').filter({ hasText: 'Sending to the server' })).toBeVisible({
      timeout: 20_000,
    });
    await expect
      .poll(async () => (await api.sources.get({ params: { id: sourceId } })).streamInfo?.video?.codec, {
        timeout: 45_000,
      })
      .toBe('h264');
    await expect(page.getByRole('button', { name: 'Stop live' })).toBeVisible();

    // Another browser watches the realtime player of the source over WebRTC.
    await expect
      .poll(async () => (await api.outputs.get({ params: { id: outputId } })).input, { timeout: 45_000 })
      .toBe('main');
    const viewerBrowser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      const viewer = await viewerBrowser.newPage();
      const opened = Date.now();
      await viewer.goto(`${e2eEnv().baseUrl}/player/${outputId}`);
      // The join (reported, not asserted): the viewer's picture opening asks the studio for a keyframe.
      await viewer.waitForFunction(() => (document.querySelector('video')?.videoWidth ?? 0) > 0, undefined, {
        timeout: 30_000,
      });
      console.log(`studio to WebRTC viewer: first picture ${Date.now() - opened} ms after the page opened`);
      await expect(viewer.getByTestId('player-frame')).toHaveAttribute('data-transport', 'webrtc', {
        timeout: 30_000,
      });
      await expectPlaybackAdvances(viewer, 'main');
      // The camera's width, read before the share: the new picture can reach the viewer within a second.
      const cameraWidth = await viewer.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth);
      expect(cameraWidth).toBeGreaterThan(0);
      // A screen share swaps the picture while live (another size, no new offer): the viewer keeps playing.
      await page.getByRole('button', { name: 'Share screen' }).click();
      await expect(page.getByRole('button', { name: 'Share screen' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect
        .poll(() => viewer.locator('video').evaluate((v: HTMLVideoElement) => v.videoWidth), {
          timeout: 30_000,
        })
        .not.toBe(cameraWidth);
      await expectPlaybackAdvances(viewer);
      // The studio counts the viewers of the players its source feeds (polled every 10 s).
      const viewers = page.locator('dt', { hasText: 'Viewers' }).locator('xpath=following-sibling::dd[1]');
      await expect(viewers).toHaveText('1', { timeout: 30_000 });
      await shot(page, join(screenshotsDir, 'studio-en-1200.png'));
    } finally {
      await viewerBrowser.close();
    }

    await page.getByRole('button', { name: 'Stop live' }).click();
    await expect(page.getByRole('button', { name: 'Start live' })).toBeVisible();
    await expect
      .poll(async () => (await api.sources.get({ params: { id: sourceId } })).state, { timeout: 20_000 })
      .toBe('offline');
  } finally {
    await studioBrowser.close();
  }
});
