import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { CDPSession, Page } from '@playwright/test';
import { createClient } from '@stromwerk/client/create-client';
import { publishTestStream } from '../scripts/lib/test-support.mjs';
import { adminApi, ownerHome } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { expectPlaybackAdvances, longestFreezeMs, shot, watchFreezes } from './support/player';
import { rtmpPort, stop } from './support/publisher';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Adaptive bitrate as a viewer meets it (issue 34), Chromium with hls.js and the network throttled
 * through the DevTools protocol: a 720p source at 2.5 Mbit/s with the ladder "source, 360p, 240p". On a
 * 1 Mbit/s line the player starts on a lower rung; with the line open it moves up to the source; throttled
 * again it moves down. Which rung plays is read from the picture itself (the video's height). The time
 * from the throttle to the lower rung on screen and the longest freeze around each switch are recorded as
 * annotations (the issue's bounds: down within 10 s, no stall over 1 s), not asserted: on this shared
 * 2-core machine they are figures of the machine as much as of the product (see player-failover.spec.ts).
 * Low latency's down-switch froze 0-6.9 s (median 1.7 s) before the part watcher (hooks/ladder-abr.ts),
 * 0-0.9 s in four of five runs after it and 4.9 s in one on a machine at load average 20: the 1 s is
 * not met every time (docs/architecture.md, quality ladder, has the figures and why).
 * Repeats (--repeat-each) run beside the earlier repeats' ladder writers, which go on encoding until the
 * workspace is removed: later repeats run on a busier machine.
 */
test.describe.configure({ mode: 'default' });
let encoder: ChildProcess | undefined;
let workspaceId = '';

test.beforeAll(async () => {
  const { corporation } = await ownerHome();
  workspaceId = (
    await adminApi().workspaces.create({ body: { corporationId: corporation.id, name: `ABR ${Date.now()}` } })
  ).id;
});
test.afterAll(async () => {
  await stop(encoder);
  if (workspaceId) await adminApi().workspaces.remove({ params: { id: workspaceId } });
});

/** 1 Mbit/s down: the 360p rung (0.8 Mbit/s peak with audio) fits, the 2.5 Mbit/s source does not. */
const THIN_LINE = { offline: false, latency: 40, downloadThroughput: 125_000, uploadThroughput: 125_000 };
const OPEN_LINE = { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 };

const height = (page: Page) => page.locator('video').evaluate((v: HTMLVideoElement) => v.videoHeight);

/**
 * Until the source's first segments are measured, the multivariant playlist carries estimates (the copy
 * at 6 Mbit/s, no sizes: abr-measure.ts), and hls.js reads it once. A viewer who joins in a stream's
 * first seconds keeps those (a menu of bitrates, a source that looks too big for longer); this flow is
 * about the viewer who joins later, as nearly all do, so it waits for the measured playlist.
 */
async function measuredLadder(outputId: string) {
  const play = createClient({ baseUrl: e2eEnv().baseUrl }).play;
  const { token } = await play.session({ params: { id: outputId }, body: {} });
  const master = `${e2eEnv().baseUrl}/v1/play/${outputId}/t/${token}/master.m3u8`;
  await expect
    .poll(async () => (await fetch(master)).text(), { timeout: 60_000, intervals: [500] })
    .toContain('RESOLUTION=');
}

async function line(cdp: CDPSession, conditions: typeof THIN_LINE) {
  await cdp.send('Network.emulateNetworkConditions', conditions);
}

// Tagged @alone: the flow measures switches in real time, so it runs after the others, one at a time
// (scripts/test-e2e.mjs), not beside another browser's encoder. It once ran out of its 4 minutes: its
// viewer had joined before the measured playlist, whose menu names rungs by bitrate, and the flow waited
// for a "240p" that never came (measuredLadder above).
for (const latency of ['normal', 'low'] as const)
  test(`${latency} latency: starts low on a thin line, moves up when it opens and down when it narrows`, {
    tag: '@alone',
  }, async ({ browser }) => {
    test.setTimeout(240_000);
    const api = adminApi();
    const source = await api.sources.create({
      body: { workspaceId, name: `ABR cam ${latency}`, type: 'rtmp' },
    });
    const { streamKey } = await api.sources.streamKey({ params: { id: source.id } });
    encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort()}/live/${streamKey}`, {
      size: '1280x720',
      videoArgs: ['-b:v', '2500k', '-maxrate', '2500k', '-bufsize', '5000k'],
    });
    const output = await api.outputs.create({
      body: {
        workspaceId,
        name: `ABR player ${latency}`,
        mainSourceId: source.id,
        latency,
        ladder: ['source', '360p', '240p'],
      },
    });
    await expect
      .poll(async () => (await api.outputs.get({ params: { id: output.id } })).input, { timeout: 45_000 })
      .toBe('main');
    await measuredLadder(output.id);

    const context = await browser.newContext();
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await line(cdp, THIN_LINE);
    await page.goto(`${e2eEnv().baseUrl}/player/${output.id}`);
    await expectPlaybackAdvances(page, 'main');
    const first = await height(page);
    expect(first, 'the first rung on a 1 Mbit/s line').toBeLessThan(720);
    // The menu offers Auto and every rung, and marks the one playing.
    const menu = page.getByRole('combobox', { name: 'Quality' });
    await expect(menu).toHaveValue('auto');
    await expect(menu.locator('option')).toHaveCount(4);
    await expect(menu.locator('option').first()).toHaveText(/^Auto \(\d+/);
    await watchFreezes(page);

    await line(cdp, OPEN_LINE);
    const opened = Date.now();
    await expect.poll(() => height(page), { timeout: 60_000, intervals: [250] }).toBe(720);
    const upMs = Date.now() - opened;
    await expectPlaybackAdvances(page);
    const upFreezeMs = await longestFreezeMs(page);

    await line(cdp, THIN_LINE);
    const narrowed = Date.now();
    await expect.poll(() => height(page), { timeout: 60_000, intervals: [250] }).toBeLessThan(720);
    const downMs = Date.now() - narrowed;
    await expectPlaybackAdvances(page);
    const downFreezeMs = await longestFreezeMs(page);

    // The viewer's own choice holds: the 240p rung, chosen in the menu, stays on screen.
    await line(cdp, OPEN_LINE);
    await menu.selectOption({ label: '240p' });
    await expect.poll(() => height(page), { timeout: 30_000, intervals: [250] }).toBe(240);
    await expect(menu).toHaveValue(/^\d+$/);
    // The player with its quality menu, the viewer's 240p chosen (docs/screenshots under SCREENSHOTS=1).
    if (latency === 'normal') {
      await page.setViewportSize({ width: 1200, height: 800 });
      await shot(page, join(screenshotsDir, 'player-quality-en-1200.png'));
    }

    const measured = { firstHeight: first, upMs, upFreezeMs, downMs, downFreezeMs };
    test
      .info()
      .annotations.push({ type: `abr switches (${latency})`, description: JSON.stringify(measured) });
    console.info(`abr switches (${latency})`, measured);
    await context.close();
    await stop(encoder);
  });
