import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminApi, ownerHome, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';
import { smallVideo } from './support/media-files';

/**
 * How the Video Editor handles for a first-time user (issue 33): trim edges that can be grabbed where a
 * transition overlaps two clips; the playhead's keys (a frame, a second, the cuts) and their help; a
 * split that refuses a fragment; the conflict notice in view; numbers in German; the 390 px layout.
 * Drafts are made through the API (two 3 s clips joined by a 1 s fade: 5 s), no render.
 */
test.use({ session: 'owner' });

let home = { c: '', w: '' };
let media: string[] = [];

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: { corporationId: corporation.id, name: `Editor handling ${Date.now()}` },
  });
  home = { c: corporation.id, w: workspace.id };
  media = await Promise.all(
    ['Dawn', 'Dusk'].map((name) => uploadReadyMedia(workspace.id, smallVideo(name), name)),
  );
});

async function openDraft(page: Page, name: string) {
  const clip = (id: string, mediaId: string) => ({
    id,
    mediaId,
    inMs: 0,
    outMs: 3000,
    volume: 1,
    muted: false,
    fadeInMs: 120,
    fadeOutMs: 0,
  });
  const draft = await adminApi().drafts.create({
    body: {
      workspaceId: home.w,
      name,
      timeline: {
        main: [
          { ...clip('c1', media[0]!), transitionOut: { type: 'fade', durationMs: 1000 } },
          clip('c2', media[1]!),
        ],
        overlays: [],
        audio: [],
      },
      output: { fps: 25 } as never,
    },
  });
  await page.goto(`/${home.c}/${home.w}/editor?draft=${draft.id}`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return draft;
}

const sliderValue = async (page: Page, name: string) =>
  Number(await page.getByRole('slider', { name }).getAttribute('aria-valuenow'));

test("clip 1's Out edge lies on top where the fade overlaps clip 2, is a 24 px target, and a drag trims", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1200, height: 900 });
  await openDraft(page, `Trim ${Date.now()}`);
  const out1 = page.getByRole('slider', { name: 'Out of clip 1' });
  await out1.scrollIntoViewIfNeeded();
  const box = (await out1.boundingBox())!;
  expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  // What the mouse grabs at the edge's middle is the edge itself, not the next clip over it.
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  expect(
    await page.evaluate(
      ([px, py]) => document.elementFromPoint(px!, py!)?.getAttribute('aria-label'),
      [x, y],
    ),
  ).toBe('Out of clip 1');
  const axe = await new AxeBuilder({ page })
    .include('[data-testid="strip-main"]')
    .withRules(['target-size'])
    .analyze();
  expect(axe.violations.map((v) => v.nodes.length)).toEqual([]);

  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x - 60, y, { steps: 6 });
  await page.mouse.up();
  await expect.poll(() => sliderValue(page, 'Out of clip 1')).toBeLessThan(2.6);
  expect(await sliderValue(page, 'In of clip 2')).toBe(0);
});

const keyWords = {
  en: {
    keys: 'Keyboard keys',
    listed: ['Shift+← / → one second', 'Page Up / Page Down', 'Home / End', 'Alt+← / →', 'Ctrl+Y'],
    refused: /Not split: both parts must be longer than the shortest transition \(0\.2 s\)/,
  },
  de: {
    keys: 'Tastenkürzel',
    listed: ['Umschalt+← / → eine Sekunde', 'Bild↑ / Bild↓', 'Pos1 / Ende', 'Alt+← / →', 'Strg+Y'],
    refused: /Nicht geteilt: Beide Teile müssen länger sein als der kürzeste Übergang \(0,2 s\)/,
  },
} as const;

for (const lang of ['en', 'de'] as const) {
  test.describe(lang, () => {
    test.use({ lang });

    test(`the playhead moves a frame, a second with Shift, cut to cut; the help lists it; no fragment split (${lang})`, async ({
      page,
    }) => {
      const w = keyWords[lang];
      await page.setViewportSize({ width: 1200, height: 900 });
      await openDraft(page, `Keys ${lang} ${Date.now()}`);
      const help = page.getByRole('list', { name: w.keys });
      for (const words of w.listed) await expect(help).toContainText(words);

      const playhead = page.getByRole('slider', { name: lang === 'en' ? 'Playhead' : 'Abspielkopf' });
      const at = async (key: string, ms: string) => {
        await playhead.press(key);
        await expect(playhead).toHaveValue(ms);
      };
      await playhead.focus();
      await at('ArrowRight', '40'); // one frame at 25 fps
      await at('Shift+ArrowRight', '1040');
      await at('ArrowLeft', '1000');
      await at('PageDown', '2000'); // clip 2 starts (the fade overlaps 1 s)
      await at('PageDown', '5000');
      await at('PageUp', '2000');
      await at('Home', '0');

      // Three frames in: S refuses the 0.12 s fragment and says why; a second in, it splits.
      for (let i = 0; i < 3; i += 1) await playhead.press('ArrowRight');
      await page.keyboard.press('s');
      await expect(page.getByRole('status').filter({ hasText: w.refused })).toBeVisible();
      await expect(page.getByTestId('draft-clip')).toHaveCount(2);
      await at('Shift+ArrowRight', '1120');
      await page.keyboard.press('s');
      await expect(page.getByTestId('draft-clip')).toHaveCount(3);
      await expect(page.getByRole('status').filter({ hasText: w.refused })).toHaveCount(0);
    });
  });
}

test('the conflict notice appears where the user is working, as an alert', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  const draft = await openDraft(page, `Conflict ${Date.now()}`);
  const titles = page.getByRole('heading', { level: 2, name: 'Titles' });
  await titles.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await adminApi().drafts.update({
    params: { id: draft.id },
    body: { revision: draft.revision, name: 'Theirs' },
  });
  const notice = page.getByRole('alert').filter({ hasText: 'Someone else saved this draft' });
  await expect(notice).toBeInViewport({ ratio: 1 });
  await expect(titles).toBeInViewport();
});

test.describe('de', () => {
  test.use({ lang: 'de' });

  test('numbers in German: shown with a comma, typed with a comma, labels whole (de)', async ({ page }) => {
    await page.setViewportSize({ width: 1200, height: 900 });
    const draft = await openDraft(page, `Zahlen ${Date.now()}`);
    const first = page.getByRole('group', { name: 'Clip 1: Dawn' });
    const fadeIn = first.getByRole('spinbutton', { name: 'Einblenden (s)' });
    await expect(fadeIn).toHaveValue('0,12');
    await fadeIn.fill('0,5');
    await first.getByRole('spinbutton', { name: 'Lautstärke (%)' }).fill('50');
    await page.keyboard.press('Control+s');
    await expect(page.getByText('Gespeichert', { exact: true })).toBeVisible();
    const saved = await adminApi().drafts.get({ params: { id: draft.id } });
    expect(saved.timeline.main[0]).toMatchObject({ fadeInMs: 500, volume: 0.5 });

    // No label of a clip's fields is cut off ("Lautstärk…").
    const cut = await first
      .locator('label')
      .evaluateAll((labels) =>
        labels.filter((l) => l.scrollWidth > l.clientWidth + 1).map((l) => l.textContent),
      );
    expect(cut).toEqual([]);
    expect(await first.locator('label').count()).toBeGreaterThan(4);
  });
});

test('at 390 px the transition select lies inside the screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openDraft(page, `Narrow ${Date.now()}`);
  const select = page.getByRole('group', { name: 'Transition after clip 1' }).getByRole('combobox');
  await select.scrollIntoViewIfNeeded();
  // Where it lies with nothing scrolled sideways (scrolling it into view may have scrolled the page).
  const { left, right } = await select.evaluate((el) => {
    for (let a = el.parentElement; a; a = a.parentElement) a.scrollLeft = 0;
    window.scrollTo(0, window.scrollY);
    return el.getBoundingClientRect();
  });
  expect(left).toBeGreaterThanOrEqual(0);
  expect(right).toBeLessThanOrEqual(390);
  await select.click();
  await page.getByRole('option', { name: 'Wipe left' }).click();
  await expect(select).toHaveText('Wipe left');
});
