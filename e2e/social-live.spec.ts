import { join } from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Going live through a connection (issue 20): YouTube is connected through the authorization server's
 * pages, a YouTube target is created with the connection picker, the demo source goes live to the
 * stand-in's RTMP ingest (scripts/lib/youtube-live-stand-in.mjs), and switching it off completes the
 * broadcast there. English and German; axe on the dialog and the list.
 */
let home: { c: string; w: string; name: string };

test.beforeAll(async () => {
  const { corporation } = await ownerHome();
  const api = adminApi();
  const name = `Go live ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const workspace = await api.workspaces.create({ body: { corporationId: corporation.id, name } });
  await api.sources.create({ body: { workspaceId: workspace.id, name: 'Studio demo', type: 'demo' } });
  home = { c: corporation.id, w: workspace.id, name };
});

// The demo source would encode on for the rest of the run (a 720p picture: a third of a core).
test.afterAll(async () => {
  if (home?.w) await adminApi().workspaces.remove({ params: { id: home.w } });
});

/** The stand-in's broadcasts, as YouTube Studio would list them. */
async function broadcasts(): Promise<{ status: string; title: string }[]> {
  const res = await fetch(`${process.env.E2E_YOUTUBE_API_URL}/e2e/broadcasts`);
  return Object.values((await res.json()) as Record<string, { status: string; title: string }>);
}

async function connectYoutube(page: Page, connect: string) {
  await page.goto('/user/socials');
  await page.getByRole('button', { name: connect }).click();
  await expect(page).toHaveURL(/\/user\/socials\?connected=/);
}

async function pick(page: Page, dialog: Locator, label: string, option: string | RegExp) {
  await dialog.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

test.describe('English', () => {
  test.use({ session: 'owner' });

  test('create a YouTube target on a connection, go live, see it online, stop', async ({ page }) => {
    test.setTimeout(120_000);
    await connectYoutube(page, 'Connect YouTube');
    // Sharing: the owner's writable workspaces, each with "go live" and "publish".
    await page
      .getByRole('article', { name: 'Stand-in Channel' })
      .getByRole('button', { name: 'Share' })
      .click();
    const share = page.getByRole('dialog', { name: /^Share / });
    // Enabled first: the dialog's checkboxes and its save button are disabled until the current shares
    // have loaded, and the button's colour then changes over a 250 ms transition; axe started inside it
    // once (CI, 2026-11-30) and read the half-coloured button as low contrast.
    const goLive = share.getByRole('checkbox', { name: `Go live in ${home.name}` });
    await expect(goLive).toBeEnabled();
    await expect(goLive).not.toBeChecked();
    await expect(share.getByRole('button', { name: 'Save sharing' })).toBeEnabled();
    await expectAccessible(page, 'share dialog');
    await page.screenshot({ path: join(screenshotsDir, 'socials-share.png') });
    await share.getByRole('button', { name: 'Cancel' }).click();
    await page.goto(`/${home.c}/${home.w}/targets`);
    await page.getByRole('button', { name: 'Add target' }).first().click();
    const form = page.getByRole('dialog', { name: 'Add live-stream target' });
    await form.getByLabel('Name').fill('YouTube live');
    await pick(page, form, 'Target type', 'YouTube');
    await pick(page, form, 'Feed source', 'Studio demo');
    await pick(page, form, 'Connection', /Stand-in Channel/);
    await expect(form.getByLabel('Title')).toHaveValue('{source} {date}');
    await expect(
      form.getByText('{date} and {source} are filled in when the target goes live.'),
    ).toBeVisible();
    await pick(page, form, 'Visibility', 'Unlisted');
    await expectAccessible(page, 'platform target dialog');
    await page.screenshot({ path: join(screenshotsDir, 'target-youtube-dialog.png') });
    await form.getByRole('button', { name: 'Add target' }).click();
    await expect(form).toBeHidden();

    const row = page.getByRole('listitem', { name: 'YouTube live' });
    await expect(row.getByText('Online', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(row.getByRole('link', { name: 'Watch on the platform' })).toBeVisible();
    await expect.poll(async () => (await broadcasts()).map((b) => b.status)).toContain('live');
    const today = new Date().toISOString().slice(0, 10);
    expect((await broadcasts()).find((b) => b.status === 'live')?.title).toBe(`Studio demo ${today}`);
    await expectAccessible(page, 'targets with a live platform target');
    await page.mouse.move(0, 0);
    await page.screenshot({ path: join(screenshotsDir, 'target-youtube-online.png') });

    // Stop: the push ends and the broadcast is completed on YouTube.
    await row.getByRole('switch', { name: 'Enable YouTube live' }).click();
    await expect(row.getByText('Offline', { exact: true })).toBeVisible({ timeout: 20_000 });
    await expect.poll(async () => (await broadcasts()).map((b) => b.status)).toContain('complete');
    await expect(row.getByRole('link', { name: 'Watch on the platform' })).toBeHidden();
  });
});

test.describe('OAuth apps', () => {
  test.use({ session: 'owner' });

  test('the admin page stores an app for a network without one, with the redirect address to copy', async ({
    page,
  }) => {
    await page.goto('/admin?tab=oauth-apps');
    const youtube = page.getByRole('region', { name: 'YouTube' });
    await expect(youtube.getByText('From the environment')).toBeVisible();
    // Twitch: no other flow looks at its app (the Socials flow checks that Facebook has none, in parallel).
    const twitch = page.getByRole('region', { name: 'Twitch' });
    await expect(twitch.getByText('No app', { exact: true })).toBeVisible();
    await expect(twitch.getByRole('textbox', { name: 'Redirect address to register' })).toHaveValue(
      /\/v1\/connect-social\/twitch\/callback$/,
    );
    try {
      await twitch.getByLabel('Client id').fill('e2e-twitch-app');
      await twitch.getByLabel('Client secret').fill('e2e-twitch-secret');
      await twitch.getByRole('button', { name: 'Save Twitch app' }).click();
      await expect(twitch.getByText('Stored', { exact: true })).toBeVisible();
      await expect(twitch.getByText('Leave empty to keep the stored secret.')).toBeVisible();
      await expectAccessible(page, 'admin OAuth apps');
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await twitch.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(screenshotsDir, 'admin-oauth-apps.png') });
    } finally {
      await adminApi().socials.removeOauthApp({ params: { network: 'twitch' } });
    }
  });
});

test.describe('German', () => {
  test.use({ session: 'owner', lang: 'de' });

  test('the platform target dialog in German', async ({ page }) => {
    await connectYoutube(page, 'YouTube verbinden');
    await page.goto(`/${home.c}/${home.w}/targets`);
    await page.getByRole('button', { name: 'Ziel hinzufügen' }).first().click();
    const form = page.getByRole('dialog', { name: 'Live-Stream-Ziel hinzufügen' });
    await pick(page, form, 'Zieltyp', 'YouTube');
    await pick(page, form, 'Verbindung', /Stand-in Channel/);
    await expect(form.getByText('{date} und {source} werden beim Live-Gehen eingesetzt.')).toBeVisible();
    await expect(form.getByRole('combobox', { name: 'Sichtbarkeit' })).toBeVisible();
    await expectAccessible(page, 'platform target dialog (de)');
    await page.screenshot({ path: join(screenshotsDir, 'target-youtube-dialog-de.png') });
  });
});
