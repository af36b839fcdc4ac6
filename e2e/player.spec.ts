import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page, Request } from '@playwright/test';
import { outputRoutes } from '@stromwerk/contracts/api/outputs';
import { tableOperations } from '@stromwerk/contracts/api/tables';
import { adminApi, type NewOutput, ownerHome } from './support/api';
import { adminToken, e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';
import {
  expectPlaybackAdvances,
  narrowShots,
  playerScratchDir,
  postAsViewers,
  shot,
  uploadLogo,
} from './support/player';
import { liveSource, publish, stop } from './support/publisher';
import { callLine, isCallOf } from './support/routes';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Player & Recorder end to end: a real ffmpeg publishes to an RTMP source, a player made in the form
 * plays it on its public page (no login), and the access rules (password, viewer limit) and comment
 * moderation (Comments Tool) work as a viewer sees them.
 */
const outDir = screenshotsDir;
const scratchDir = playerScratchDir;

// One live source for the whole file: the tests run one after the other in one worker.
test.describe.configure({ mode: 'default' });
test.use({ session: 'owner' });

let encoder: ChildProcess | undefined;
let source: { id: string };
let home = { c: '', w: '' };
const viewers: BrowserContext[] = [];

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: {
      corporationId: corporation.id,
      name: `Conference ${Date.now()}`,
    },
  });
  home = { c: corporation.id, w: workspace.id };
  ({ source, encoder } = await liveSource(adminApi(), workspace.id, 'Main stage'));
  await expect
    .poll(async () => (await adminApi().sources.get({ params: { id: source.id } })).state, {
      timeout: 45_000,
    })
    .toBe('live');
});

test.afterEach(async () => {
  for (const context of viewers.splice(0)) await context.close();
});

test.afterAll(async () => {
  await stop(encoder);
  // Its players would play their fallback media (a transcoding loop) for the rest of the run.
  if (home?.w) await adminApi().workspaces.remove({ params: { id: home.w } });
});

const createOutput = (body: Partial<NewOutput> & { name: string }) =>
  adminApi().outputs.create({
    body: { workspaceId: home.w, mainSourceId: source.id, latency: 'low', ...body },
  });

/** A viewer without an account, in a browser context of its own. */
async function viewerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1200, height: 800 } });
  viewers.push(context);
  return context.newPage();
}

test('create a player in the form, share it and watch the live stream', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(`/${home.c}/${home.w}/players`);
  await expect(page.getByRole('heading', { level: 1, name: 'Player & Recorder' })).toBeVisible();

  await page.getByRole('button', { name: 'Add player' }).first().click();
  const form = page.getByRole('dialog', { name: 'Add player' });
  await form.getByRole('button', { name: 'Add player' }).click();
  await expect(form.getByText('Required', { exact: true })).toBeVisible();
  // Spec section 2 "Player settings": every label is there.
  for (const label of [
    'Main ingest',
    'Backup ingest',
    'Fallback media',
    'Latency',
    'Output direction',
    'Overlay image',
    'Expiration',
    'Moderation level',
    'Maximum viewers',
    'Whitelist of domains',
    'Passwords (one per line)',
  ]) {
    await expect(
      form.getByRole('combobox', { name: label }).or(form.getByRole('textbox', { name: label })),
    ).toBeVisible();
  }
  await expect(form.getByLabel('Custom background')).toHaveValue('#000000');
  await expect(form.getByRole('radiogroup', { name: 'Behaviour circuit' })).toBeVisible();
  for (const name of ['Recording', 'VOD after stream', 'Comments enable', 'Viewer limit']) {
    await expect(form.getByRole('switch', { name })).toBeVisible();
  }
  await expect(form.getByRole('combobox', { name: 'Main ingest' })).toHaveValue('Main stage');

  await form.getByLabel('Name').fill('Conference player');
  await form.getByRole('radio', { name: /^Live/ }).check();
  await form.getByRole('combobox', { name: 'Latency' }).click();
  await page.getByRole('option', { name: 'Low' }).click();
  await form.getByRole('switch', { name: 'Viewer limit' }).check();
  await form.getByLabel('Maximum viewers').fill('0');
  await form.getByRole('button', { name: 'Add player' }).click();
  await expect(form.getByText('A whole number from 1 to 1,000,000')).toBeVisible();
  await form.getByLabel('Maximum viewers').fill('500');
  await form.getByRole('button', { name: 'Add player' }).click();
  await expect(form).toBeHidden();

  const row = page.getByRole('listitem', { name: 'Conference player' });
  await expect(row.getByText('Live · main ingest')).toBeVisible({ timeout: 45_000 });
  await expect(row.getByText('Main ingest: Main stage · Backup ingest: None')).toBeVisible();

  // Closing an edited form asks first (spec section 5).
  await row.getByRole('button', { name: 'Edit Conference player' }).click();
  const edit = page.getByRole('dialog', { name: 'Player settings' });
  await expect(edit.getByRole('radio', { name: /^Live/ })).toBeChecked();
  await edit.getByLabel('Name').fill('Conference player (draft)');
  await page.keyboard.press('Escape');
  const discard = page.getByRole('dialog', { name: 'You have unsaved changes!' });
  await discard.getByRole('button', { name: 'Cancel' }).click();
  await expect(edit.getByLabel('Name')).toHaveValue('Conference player (draft)');
  await edit.getByRole('button', { name: 'Cancel' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  await expect(edit).toBeHidden();

  // The address and the embed code to share.
  await row.getByRole('button', { name: 'Share and statistics of Conference player' }).click();
  const share = page.getByRole('dialog', { name: /Share: Conference player/ });
  const playerUrl = await share.getByRole('textbox', { name: 'Player URL' }).inputValue();
  expect(playerUrl).toMatch(/\/player\/[0-9a-f-]{36}$/);
  await expect(share.getByRole('textbox', { name: 'Embed code' })).toHaveValue(
    new RegExp(`<iframe src="${playerUrl}"`),
  );
  await share.getByRole('button', { name: 'Close' }).click();

  // A viewer without an account watches it: playback time moves on.
  const viewer = await viewerPage(browser);
  await viewer.goto(playerUrl.replace(new URL(playerUrl).origin, e2eEnv().baseUrl));
  await expect(viewer.getByRole('heading', { level: 1, name: 'Conference player' })).toBeAttached();
  await expect(viewer.getByRole('banner')).toHaveCount(0);
  await expectPlaybackAdvances(viewer);

  // The statistics count the viewer (polled every 10 s).
  await row.getByRole('button', { name: 'Share and statistics of Conference player' }).click();
  await expect(share.getByRole('definition').first()).toHaveText('1', { timeout: 30_000 });
  await expect(share.getByRole('definition').nth(2)).not.toHaveText('0');
  await shot(page, join(scratchDir, 'share-dialog.png'));
  await share.getByRole('button', { name: 'Close' }).click();

  // Two more players for a list that looks like real use, then the bulk warning.
  const backstage = await createOutput({
    name: 'Backstage feed',
    passwords: ['crew-only-2026'],
    recording: true,
  });
  await createOutput({ name: 'Town hall (portrait)', mainSourceId: null, direction: 'portrait' });
  await expect(page.getByRole('listitem', { name: 'Backstage feed' })).toBeVisible({ timeout: 20_000 });
  await expect(
    page.getByRole('listitem', { name: 'Town hall (portrait)' }).getByText('Offline'),
  ).toBeVisible();
  await expect(row.getByRole('definition').first()).toHaveText('1', { timeout: 30_000 });
  await shot(page, join(outDir, 'players-en-1200.png'));
  await narrowShots(page, 'players');

  await page.getByRole('checkbox', { name: 'Select all players' }).check();
  await expect(page.getByText('Changes apply to the complete selection.')).toBeVisible();
  await page.getByRole('button', { name: 'Edit selected' }).click();
  const bulk = page.getByRole('dialog', { name: 'Edit 3 players' });
  await expect(bulk.getByText('Changes apply to the complete selection.')).toBeVisible();
  await expect(bulk.getByLabel('Name')).toHaveCount(0);
  // The fields show the first player's settings ("Backstage feed" records); touched ones apply to all.
  await expect(bulk.getByRole('switch', { name: 'Recording' })).toBeChecked();
  await bulk.getByRole('switch', { name: 'Recording' }).uncheck();
  await bulk.getByRole('switch', { name: 'Recording' }).check();
  await bulk.getByRole('combobox', { name: 'Latency' }).click();
  await page.getByRole('option', { name: 'High (1 h DVR)' }).click();
  await shot(page, join(scratchDir, 'bulk-form.png'));
  // One request for the whole selection, carrying only the touched settings (no read of each one's
  // passwords first, no request per player).
  const bulkCalls: { method: string; path: string; body: unknown }[] = [];
  // Every write to a route under /v1/outputs, and the read of a player's passwords.
  const watched = tableOperations()
    .map((op) => op.route)
    .filter((route) => route.path.startsWith(outputRoutes.list.path) && route.method !== 'GET')
    .concat(outputRoutes.passwords);
  const record = (r: Request) => {
    if (!watched.some((route) => isCallOf(r, route))) return;
    const path = new URL(r.url()).pathname;
    bulkCalls.push({ method: r.method(), path, body: r.method() === 'GET' ? null : r.postDataJSON() });
  };
  page.on('request', record);
  await bulk.getByRole('button', { name: 'Save changes' }).click();
  await expect(bulk).toBeHidden();
  page.off('request', record);
  expect(bulkCalls.map((c) => `${c.method} ${c.path}`)).toEqual([callLine(outputRoutes.bulkUpdate)]);
  const sent = bulkCalls[0]!.body as { ids: string[]; changes: unknown };
  expect(sent.ids).toHaveLength(3);
  expect(sent.changes).toEqual({ recording: true, latency: 'high' });
  const townHall = page.getByRole('listitem', { name: 'Town hall (portrait)' });
  await expect(townHall.getByRole('img', { name: 'Recording enabled' })).toBeVisible();
  await expect(townHall.getByText('High (1 h DVR)')).toBeVisible();
  await expect(row.getByText('High (1 h DVR)')).toBeVisible();
  // Settings nobody touched stay each player's own, passwords included.
  await expect(row.getByText('Main ingest: Main stage · Backup ingest: None')).toBeVisible();
  await expect(row.getByText('Live', { exact: true })).toBeVisible();
  const kept = await adminApi().outputs.passwords({ params: { id: backstage.id } });
  expect(kept.passwords).toEqual(['crew-only-2026']);
  await page.getByRole('checkbox', { name: 'Select all players' }).uncheck();

  // Delete asks first.
  await page
    .getByRole('listitem', { name: 'Town hall (portrait)' })
    .getByRole('button', { name: 'Delete Town hall (portrait)' })
    .click();
  await page.getByRole('dialog', { name: 'Delete player?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('listitem', { name: 'Town hall (portrait)' })).toBeHidden();
});

test('a password-protected player asks for the password and rejects a wrong one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const output = await createOutput({ name: 'Board meeting', passwords: ['board-2026', 'second-pass'] });

  // The edit form shows the passwords, one per line.
  await page.goto(`/${home.c}/${home.w}/players`);
  await page.getByRole('button', { name: 'Edit Board meeting' }).click();
  const edit = page.getByRole('dialog', { name: 'Player settings' });
  await expect(edit.getByRole('textbox', { name: 'Passwords (one per line)' })).toHaveValue(
    'board-2026\nsecond-pass',
  );
  await edit.getByRole('button', { name: 'Cancel' }).click();

  const viewer = await viewerPage(browser);
  await viewer.goto(`/player/${output.id}`);
  await expect(viewer.getByRole('heading', { name: 'This stream is protected' })).toBeVisible();
  await viewer.getByRole('button', { name: 'Watch' }).click();
  await expect(viewer.getByText('Required')).toBeVisible();
  await viewer.getByLabel('Password').fill('not-the-password');
  await viewer.getByRole('button', { name: 'Watch' }).click();
  await expect(viewer.getByText('Wrong password. Please try again.')).toBeVisible();
  await shot(viewer, join(scratchDir, 'player-password.png'));
  await viewer.getByLabel('Password').fill('second-pass');
  await viewer.getByRole('button', { name: 'Watch' }).click();
  await expect(viewer.getByRole('heading', { level: 1, name: 'Board meeting' })).toBeAttached();
  await expectPlaybackAdvances(viewer);
});

test('an offline player shows a slate and starts by itself when its source goes live', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const late = await adminApi().sources.create({
    body: { workspaceId: home.w, name: 'Late stage', type: 'rtmp' },
  });
  const logo = await uploadLogo(home.w, adminToken());
  const output = await createOutput({
    name: 'Night show',
    mainSourceId: late.id,
    direction: 'portrait',
    background: '#1e3a5f',
    overlay: { mediaId: logo, x: 10, y: 80, width: 80, height: 10 },
  });
  const viewer = await viewerPage(browser);
  await viewer.goto(`/player/${output.id}`);
  await expect(viewer.getByRole('heading', { name: 'The stream is offline' })).toBeVisible();
  await expect(viewer.getByRole('status', { name: /^Live,/ })).toBeHidden();
  await expect(viewer.getByRole('main')).toHaveCSS('background-color', 'rgb(30, 58, 95)');
  const frame = await viewer.getByTestId('player-frame').boundingBox();
  expect(frame && frame.height > frame.width).toBe(true);
  await shot(viewer, join(scratchDir, 'player-offline.png'));

  const key = await adminApi().sources.streamKey({ params: { id: late.id } });
  const lateEncoder = publish(key.streamKey);
  try {
    await expect(viewer.getByRole('heading', { name: 'The stream is offline' })).toBeHidden({
      timeout: 45_000,
    });
    await expectPlaybackAdvances(viewer);
    // Live: the badge with the viewers watching, this one included (issue 13.10).
    await expect(viewer.getByRole('status', { name: 'Live, 1 viewer' })).toBeVisible();
    await expect(viewer.getByText('1 watching')).toBeVisible();
    // The overlay image sits where its % say, over the portrait frame.
    const overlay = viewer.getByTestId('player-frame').locator('img');
    await expect.poll(() => overlay.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(320);
    const box = await overlay.boundingBox();
    const frameBox = await viewer.getByTestId('player-frame').boundingBox();
    expect(box!.x - frameBox!.x).toBeCloseTo(frameBox!.width * 0.1, -1);
    expect(box!.y - frameBox!.y).toBeCloseTo(frameBox!.height * 0.8, -1);
    await shot(viewer, join(scratchDir, 'player-portrait-overlay.png'));
  } finally {
    await stop(lateEncoder);
  }
});

test('with a viewer limit of 1 the second viewer sees that the stream is full', async ({ browser }) => {
  test.setTimeout(120_000);
  const output = await createOutput({ name: 'Small room', viewerLimitEnabled: true, viewerLimit: 1 });
  const first = await viewerPage(browser);
  await first.goto(`/player/${output.id}`);
  await expectPlaybackAdvances(first);

  const second = await viewerPage(browser);
  await second.goto(`/player/${output.id}`);
  await expect(second.getByRole('heading', { name: 'This stream is full' })).toBeVisible();
  await expect(second.getByText(/The most viewers this stream allows are watching/)).toBeVisible();
  await shot(second, join(scratchDir, 'player-full.png'));
});

test('a comment waits for approval in the Comments Tool, then shows on the player', async ({
  page,
  browser,
}) => {
  test.setTimeout(150_000);
  const output = await createOutput({
    name: 'Q&A session',
    commentsEnabled: true,
    moderation: 'approval',
    commentExpirationHours: 168,
  });
  // Earlier comments, so the Comments Tool shows both states.
  const earlier = await postAsViewers(output.id, [
    ['Mara Jensen', 'Great keynote! The demo of the failover was impressive.'],
    ['Jonas Becker', 'Is there a recording for colleagues in other time zones?'],
    ['Spam Bot 3000', 'Cheap followers at example.invalid <b>click here</b>'],
  ]);
  await adminApi().comments.approve({ params: { id: earlier[0]!.id } });

  const viewer = await viewerPage(browser);
  await viewer.goto(`/player/${output.id}`);
  const comments = viewer.getByRole('list', { name: 'Comments of the viewers' });
  await expect(comments.getByText('Great keynote!', { exact: false })).toBeVisible();
  await expect(viewer.getByText('Your comment appears after approval')).toBeVisible();
  await viewer.getByLabel('Your name').fill('Ada');
  await viewer.getByLabel('Your comment').fill('Will the slides be shared afterwards?');
  await viewer.getByRole('button', { name: 'Post comment' }).click();
  await expect(viewer.getByText('Thank you! Your comment appears after approval.')).toBeVisible();
  await viewer.waitForTimeout(6000);
  await expect(comments.getByText('Will the slides be shared afterwards?')).toHaveCount(0);

  // The Comments Tool, in German.
  await page.setViewportSize({ width: 1200, height: 800 });
  await page.goto(`/${home.c}/${home.w}/comments`);
  await page.evaluate(() => localStorage.setItem('user-lang', 'de'));
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Kommentar-Tool' })).toBeVisible();
  const ada = page.getByRole('listitem', { name: 'Ada' });
  await expect(ada.getByText('Wartet auf Freigabe')).toBeVisible();
  await expect(ada.getByText('In Q&A session', { exact: false })).toBeVisible();
  // User content is text, never markup.
  await expect(page.getByText('<b>click here</b>', { exact: false })).toBeVisible();
  await shot(page, join(outDir, 'comments-tool-de-1200.png'));
  await narrowShots(page, 'comments-tool');

  await page.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Wartet auf Freigabe' }).click();
  await expect(page.getByRole('listitem', { name: 'Mara Jensen' })).toBeHidden();
  await ada.getByRole('button', { name: 'Kommentar von Ada freigeben' }).click();
  await expect(ada).toBeHidden();

  // Bulk: select the rest, the warning shows; delete the spam after confirming.
  await page.getByRole('checkbox', { name: 'Kommentar von Jonas Becker auswählen' }).check();
  await expect(page.getByText('Änderungen gelten für die gesamte Auswahl.')).toBeVisible();
  await page.getByRole('button', { name: 'Freigeben', exact: true }).click();
  await expect(page.getByRole('listitem', { name: 'Jonas Becker' })).toBeHidden();
  await page.getByRole('button', { name: 'Kommentar von Spam Bot 3000 löschen' }).click();
  await page
    .getByRole('dialog', { name: 'Kommentar löschen?' })
    .getByRole('button', { name: 'Löschen' })
    .click();
  await expect(page.getByRole('listitem', { name: 'Spam Bot 3000' })).toBeHidden();

  // The approved comment reaches the player by itself.
  await expect(comments.getByText('Will the slides be shared afterwards?')).toBeVisible({ timeout: 20_000 });
  await expect(comments.getByText('Is there a recording', { exact: false })).toBeVisible();
  await expectPlaybackAdvances(viewer);
  await shot(viewer, join(outDir, 'player-page-en-1200.png'));
  await narrowShots(viewer, 'player-page');
});
