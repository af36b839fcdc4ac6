import type { Page } from '@playwright/test';
import { commentRoutes } from '@stromwerk/contracts/api/comments';
import { draftRoutes } from '@stromwerk/contracts/api/drafts';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { outputRoutes } from '@stromwerk/contracts/api/outputs';
import { sourceRoutes } from '@stromwerk/contracts/api/sources';
import { targetRoutes } from '@stromwerk/contracts/api/targets';
import { ownerHome } from './support/api';
import { adminEnv } from './support/env';
import { expect, test } from './support/fixtures';
import { routeUrl } from './support/routes';

/**
 * Issue 13: "one page right after login showed blank with no spinner". Every list area, opened by a deep
 * link that goes through the login, shows the shell, its heading and a progress indicator while its code
 * is on the way, and still while its data is, before the list arrives.
 */
const areas = [
  {
    path: 'sources',
    chunk: 'sources-page',
    data: sourceRoutes.listInWorkspace,
    en: 'Stream Sources',
    de: 'Stream-Quellen',
  },
  {
    path: 'targets',
    chunk: 'targets-page',
    data: targetRoutes.listInWorkspace,
    en: 'Live-Stream Targets',
    de: 'Livestream-Ziele',
  },
  {
    path: 'players',
    chunk: 'outputs-page',
    data: outputRoutes.listInWorkspace,
    en: 'Player & Recorder',
    de: 'Player & Recorder',
  },
  {
    path: 'media',
    chunk: 'medias-page',
    data: mediaRoutes.list,
    en: 'Media Management',
    de: 'Medienverwaltung',
  },
  {
    path: 'editor',
    chunk: 'editor-page',
    data: draftRoutes.listInWorkspace,
    en: 'Video Editor',
    de: 'Videoeditor',
  },
  {
    path: 'comments',
    chunk: 'comments-page',
    data: commentRoutes.list,
    en: 'Comments Tool',
    de: 'Kommentar-Tool',
  },
];

/** Holds every request to `url` until `release()` is called. */
async function hold(page: Page, url: RegExp) {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let held = 0;
  await page.route(url, async (route) => {
    held++;
    await gate;
    await route.continue().catch(() => {});
  });
  return { release, held: () => held };
}

async function logIn(page: Page, lang: 'en' | 'de') {
  const { email, password } = adminEnv();
  await page.getByLabel(lang === 'en' ? 'Email address' : 'E-Mail-Adresse').fill(email);
  await page.getByLabel(lang === 'en' ? 'Password' : 'Passwort').fill(password);
  await page.getByRole('button', { name: lang === 'en' ? 'Log in' : 'Anmelden' }).click();
}

async function expectFrame(page: Page, heading: string, lang: 'en' | 'de') {
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(
    page.getByRole('button', { name: lang === 'en' ? 'Account menu' : 'Kontomenü' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.getByRole('main').getByRole('progressbar').first()).toBeVisible();
}

for (const lang of ['en', 'de'] as const) {
  test.describe(`right after login (${lang})`, () => {
    test.use({ lang });

    for (const area of lang === 'en' ? areas : areas.slice(0, 2)) {
      test(`${area.path}: shell, heading and a spinner while its code and data load`, async ({ page }) => {
        const { corporation, workspace } = await ownerHome();
        await page.goto(`/${corporation.id}/${workspace.id}/${area.path}`);
        await expect(page).toHaveURL(/\/login$/);

        const chunk = await hold(page, new RegExp(`/assets/${area.chunk}-[^/]*\\.js$`));
        const data = await hold(page, routeUrl(area.data));
        await logIn(page, lang);
        await expect(page).toHaveURL(new RegExp(`/${area.path}$`));

        // The area's code is held: the frame is there, with a spinner instead of the list.
        await expect.poll(chunk.held).toBeGreaterThan(0);
        await expectFrame(page, area[lang], lang);

        // Its code is there, its data not yet: the same frame, still a spinner.
        chunk.release();
        await expect.poll(data.held).toBeGreaterThan(0);
        await expectFrame(page, area[lang], lang);

        data.release();
        await expect(page.getByRole('main').getByRole('progressbar')).toHaveCount(0);
        await expect(page.getByRole('heading', { level: 1, name: area[lang] })).toBeVisible();
      });
    }
  });
}
