import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { ffmpeg, freePort } from '../scripts/lib/test-support.mjs';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { publish, stop } from './support/publisher';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * The Flowchart (issue 16) on the whole product: a real ffmpeg publishes to a source and its node turns
 * live without a reload; nodes are reached and opened with the keyboard; a drag from a player to a
 * target feeds the target and deleting that edge (after a confirmation) unbinds it, through the same API
 * the list screens use; below 600 px the same data is a list; axe finds nothing serious.
 */
test.use({ session: 'owner' });

const rtmp = { type: 'rtmp' as const, url: 'rtmp://127.0.0.1:1/live', streamKey: 'flowchart' };

async function wiredWorkspace() {
  const api = adminApi();
  const { corporation } = await ownerHome();
  const workspace = await api.workspaces.create({
    body: { corporationId: corporation.id, name: `Flowchart ${Date.now()}` },
  });
  const workspaceId = workspace.id;
  const studioA = await api.sources.create({ body: { workspaceId, name: 'Studio A', type: 'rtmp' } });
  const studioB = await api.sources.create({ body: { workspaceId, name: 'Studio B', type: 'rtmp' } });
  const player = await api.outputs.create({
    body: {
      workspaceId,
      name: 'Main stage',
      mainSourceId: studioA.id,
      backupSourceId: studioB.id,
    } as never,
  });
  const target = (name: string, feed: object) =>
    api.targets.create({ body: { workspaceId, name, enabled: false, ...feed, settings: rtmp } as never });
  const youtube = await target('YouTube', { outputId: player.id });
  await target('Archive', { sourceId: studioA.id });
  const partner = await target('Partner CDN', {});
  return { corporation, workspaceId, studioA, player, youtube, partner };
}

const node = (page: Page, label: string | RegExp) =>
  page.getByTestId('flowchart-canvas').getByRole('group', { name: label });

test('a published source turns live on the chart; keyboard, blast radius, rewire and unbind', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const w = await wiredWorkspace();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`/${w.corporation.id}/${w.workspaceId}/flowchart`);
  await expect(page.getByRole('heading', { level: 1, name: 'Flowchart' })).toBeVisible();
  await expect(node(page, 'source Studio A: offline')).toBeVisible();
  await expect(node(page, 'player Main stage: offline')).toBeVisible();
  await expect(node(page, 'target YouTube: offline')).toBeVisible();
  await expectAccessible(page, 'flowchart');

  // A real encoder: the node turns live and its main edge carries, patched from MQTT (no reload).
  const key = await adminApi().sources.streamKey({ params: { id: w.studioA.id } });
  const encoder = publish(key.streamKey);
  try {
    await expect(node(page, 'source Studio A: live')).toBeVisible({ timeout: 30_000 });
    await expect(node(page, 'player Main stage: live main')).toBeVisible({ timeout: 30_000 });
    const main = page.locator(
      `[data-testid="rf__edge-main:source:${w.studioA.id}->output:${w.player.id}"] path[data-state]`,
    );
    await expect(main).toHaveAttribute('data-state', 'flowing');
    // Polled: a live patch may replace the edge's element between finding and reading it (a detached
    // element's computed style is empty).
    const animation = () => main.evaluate((el) => getComputedStyle(el).animationName);
    await expect.poll(animation).toBe('fc-flow');
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await expect.poll(animation).toBe('none');
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(node(page, 'source Studio A: live')).toContainText(/640×360/);
    // The bitrate sparkline: samples arrive once a second only while this chart watches.
    await expect(
      node(page, 'source Studio A: live').getByRole('img', {
        name: /Bitrate over the last 60 seconds, now [\d.]+ Mb\/s/,
      }),
    ).toBeVisible({ timeout: 15_000 });
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(screenshotsDir, 'flowchart-en-1280.png'), animations: 'disabled' });

    // Keyboard: Tab reaches the nodes one by one; Enter opens the focused one's sheet.
    await node(page, 'source Studio A: live').focus();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'source Studio B: offline');
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'source Studio A: live' });
    await expect(sheet).toBeVisible();
    // Blast radius: the player, YouTube behind it and the archive target fed directly.
    await expect(sheet.getByText('If Studio A drops: 1 player and 2 targets affected')).toBeVisible();
    // The sheet's own sparkline of the last 60 s.
    await expect(sheet.getByRole('img', { name: /Bitrate over the last 60 seconds/ })).toBeVisible();
    await page.screenshot({
      path: join(screenshotsDir, 'flowchart-sheet-en-1280.png'),
      animations: 'disabled',
    });
    // Encoder setup: the sources screen's dialog, with the ingest URL and key to copy.
    await sheet.getByRole('button', { name: 'Encoder setup' }).click();
    const encoderSetup = page.getByRole('dialog', { name: /Encoder setup: Studio A/ });
    await expect(encoderSetup.getByRole('button', { name: 'Copy Server URL' })).toBeVisible();
    await expect(encoderSetup.getByRole('textbox', { name: 'Server URL' })).toHaveValue(/^rtmp:\/\//);
    await expectAccessible(page, 'flowchart encoder setup');
    await encoderSetup.getByRole('button', { name: 'Close' }).click();
    await expect(encoderSetup).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(page.getByRole('status')).toHaveText('If Studio A drops: 1 player and 2 targets affected');
  } finally {
    await stop(encoder);
  }
  await expect(node(page, 'source Studio A: offline')).toBeVisible({ timeout: 30_000 });

  // Rewire: drag from the player's output to the unconnected target.
  await page.getByRole('button', { name: 'Fit view' }).click();
  const from = page.locator(`[data-id="output:${w.player.id}"] .react-flow__handle.source`);
  const to = page.locator(`[data-id="target:${w.partner.id}"] .react-flow__handle.target`);
  await from.hover();
  await page.mouse.down();
  const box = (await to.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
  await page.mouse.up();
  const fed = page.locator(`[data-testid="rf__edge-feed:output:${w.player.id}->target:${w.partner.id}"]`);
  await expect(fed).toBeVisible();
  expect((await adminApi().targets.get({ params: { id: w.partner.id } })).outputId).toBe(w.player.id);

  // Unbind: select the new edge with the keyboard, Delete, confirm.
  await fed.focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Delete');
  const confirm = page.getByRole('dialog', { name: 'Remove this connection?' });
  await expect(confirm).toContainText('Partner CDN will no longer get its feed from Main stage.');
  await confirm.getByRole('button', { name: 'Remove connection' }).click();
  await expect(fed).toHaveCount(0);
  expect((await adminApi().targets.get({ params: { id: w.partner.id } })).outputId).toBeNull();
});

/** A local RTMP receiver, as a platform's ingest would be. */
const receiver = (port: number) =>
  ffmpeg(['-listen', '1', '-i', `rtmp://127.0.0.1:${port}/app/out`, '-c', 'copy', '-f', 'null', '-']);

test('a target fed by a drag goes online; its receiver gone, it reads almost online, then not connected', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const api = adminApi();
  const { corporation } = await ownerHome();
  const { id: workspaceId } = await api.workspaces.create({
    body: { corporationId: corporation.id, name: `Flowchart push ${Date.now()}` },
  });
  const studio = await api.sources.create({ body: { workspaceId, name: 'Studio', type: 'rtmp' } });
  const port = await freePort();
  const target = await api.targets.create({
    body: {
      workspaceId,
      name: 'Receiver',
      settings: { type: 'rtmp', url: `rtmp://127.0.0.1:${port}/app`, streamKey: 'out' },
    } as never,
  });
  const key = await api.sources.streamKey({ params: { id: studio.id } });
  const encoder = publish(key.streamKey);
  const ingest = receiver(port);
  try {
    await page.setViewportSize({ width: 1280, height: 860 });
    await page.goto(`/${corporation.id}/${workspaceId}/flowchart`);
    await expect(node(page, 'source Studio: live')).toBeVisible({ timeout: 30_000 });
    const from = page.locator(`[data-id="source:${studio.id}"] .react-flow__handle.source`);
    const to = page.locator(`[data-id="target:${target.id}"] .react-flow__handle.target`);
    await from.hover();
    await page.mouse.down();
    const box = (await to.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect(node(page, 'target Receiver: online')).toBeVisible({ timeout: 45_000 });
    const feed = page.locator(
      `[data-testid="rf__edge-feed:source:${studio.id}->target:${target.id}"] path[data-state]`,
    );
    await expect(feed).toHaveAttribute('data-state', 'flowing');

    await stop(ingest);
    await expect(node(page, 'target Receiver: almost online')).toBeVisible({ timeout: 30_000 });
    await expect(node(page, 'target Receiver: not connected')).toBeVisible({ timeout: 60_000 });
    await expect(feed).toHaveAttribute('data-state', 'failed');
    // Screen readers hear the transition once, from a polite live region.
    await expect(page.getByTestId('flowchart-announcer')).toHaveText('Problem: Receiver.');
    await expect(node(page, 'target Receiver: not connected')).toContainText(/.+/);
    await page.mouse.move(0, 0);
    await page.screenshot({
      path: join(screenshotsDir, 'flowchart-failed-en-1280.png'),
      animations: 'disabled',
    });
    await api.targets.update({ params: { id: target.id }, body: { enabled: false } });
  } finally {
    await stop(encoder);
    await stop(ingest);
  }
});

test('compact (500 px): the same graph as a list; German; axe clean', async ({ page }) => {
  const w = await wiredWorkspace();
  await page.setViewportSize({ width: 500, height: 900 });
  await page.goto(`/${w.corporation.id}/${w.workspaceId}/flowchart`);
  const list = page.getByRole('navigation', { name: 'Flowchart as a list' });
  await expect(list.getByRole('heading', { name: 'Targets' })).toBeVisible();
  await expect(
    list.getByRole('button', { name: /YouTube: offline.*Fed by Main stage \(feed\)/ }),
  ).toBeVisible();
  await expect(page.getByTestId('flowchart-canvas')).toHaveCount(0);
  await expectAccessible(page, 'flowchart list');
  await page.screenshot({ path: join(screenshotsDir, 'flowchart-en-500.png'), animations: 'disabled' });
  await list.getByRole('button', { name: /Main stage: offline/ }).click();
  await expect(page.getByRole('dialog', { name: 'player Main stage: offline' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Ablaufdiagramm' })).toBeVisible();
  await expect(node(page, 'Ziel YouTube: offline')).toBeVisible();
  await expectAccessible(page, 'flowchart (de)');
  await page.mouse.move(0, 0);
  await page.screenshot({ path: join(screenshotsDir, 'flowchart-de-1280.png'), animations: 'disabled' });
});

test('exports the whole chart as PNG and as SVG', async ({ page }) => {
  const w = await wiredWorkspace();
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.goto(`/${w.corporation.id}/${w.workspaceId}/flowchart`);
  await expect(node(page, 'target Partner CDN: offline')).toBeVisible();

  const [png] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export PNG' }).click(),
  ]);
  expect(png.suggestedFilename()).toMatch(/^flowchart-flowchart-\d+-\d{4}-\d{2}-\d{2}\.png$/);
  const image = await readFile((await png.path())!);
  expect(image.subarray(1, 4).toString('latin1')).toBe('PNG');

  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export SVG' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);
  const saved = await readFile((await svg.path())!, 'utf8');
  const text = saved.startsWith('data:') ? decodeURIComponent(saved.replace(/^data:[^,]*,/, '')) : saved;
  expect(text.startsWith('<svg')).toBe(true);
  // Issue 33 point 1: the SVG opens at the chart's own size (three columns of 232 px nodes, drawn at zoom
  // 1), its text at least 12 px; the PNG is the same picture at twice the pixels (IHDR: big-endian sizes).
  const [, width, height] = /^<svg[^>]*\swidth="(\d+)"[^>]*\sheight="(\d+)"/.exec(text) ?? [];
  expect(Number(width)).toBeGreaterThan(3 * 232);
  expect(text).toMatch(/transform: translate\([-\d.]+px, [-\d.]+px\) scale\(1\)/);
  // html-to-image writes each font 0.1 px smaller (its guard against wrapping): 11.9 is a 12 px font.
  const fontSizes = [...text.matchAll(/font: \d+ ([\d.]+)px/g)].map((m) => Number(m[1]));
  expect(fontSizes.length).toBeGreaterThan(0);
  expect(Math.min(...fontSizes)).toBeGreaterThanOrEqual(11.9);
  expect([image.readUInt32BE(16), image.readUInt32BE(20)]).toEqual([2 * Number(width), 2 * Number(height)]);
  // The edges keep their paint (the stylesheet's, which html-to-image does not copy into SVG shapes).
  const edges = text.match(/<path[^>]*class="fc-edge[^>]*>/g) ?? [];
  expect(edges.length).toBeGreaterThan(2);
  for (const edge of edges) expect(edge).toMatch(/fill: none/);
  // Every kind of node is in the picture, including those scrolled out of view.
  for (const name of ['Studio A', 'Main stage', 'YouTube', 'Partner CDN']) expect(text).toContain(name);
});
