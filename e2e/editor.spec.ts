import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expectAccessible } from './support/a11y';
import { adminApi, ownerHome, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';
import { shot } from './support/player';
import { screenshotsDir } from './support/screenshots-dir';

/**
 * Video Editor end to end (issue 15): a draft of two uploaded videos joined by a fade, with a title, saved
 * with its revision and rendered by a job whose progress arrives live; the new media plays in the library.
 */
test.describe.configure({ mode: 'default' });
test.use({ session: 'owner' });

let home = { c: '', w: '' };

const words = {
  en: {
    title: 'Video Editor',
    newDraft: 'New draft',
    name: 'Name',
    create: 'Create',
    mediaToAdd: 'Media to add',
    addClip: 'Add clip',
    join: 'Transition after clip 1',
    transition: 'Transition',
    fade: 'Fade',
    addTitle: 'Add title',
    text: 'Text',
    save: 'Save',
    saved: 'Saved',
    render: 'Render',
    done: 'Done:',
    library: 'Media Management',
    play: (name: string) => `Play ${name}`,
  },
  de: {
    title: 'Videoeditor',
    newDraft: 'Neuer Entwurf',
    name: 'Name',
    create: 'Erstellen',
    mediaToAdd: 'Hinzuzufügendes Medium',
    addClip: 'Clip hinzufügen',
    join: 'Übergang nach Clip 1',
    transition: 'Übergang',
    fade: 'Überblenden',
    addTitle: 'Titel hinzufügen',
    text: 'Text',
    save: 'Speichern',
    saved: 'Gespeichert',
    render: 'Rendern',
    done: 'Fertig:',
    library: 'Medienverwaltung',
    play: (name: string) => `${name} abspielen`,
  },
} as const;

/** A short H.264/AAC file the browser plays as it is. */
function video(dir: string, name: string, source: string) {
  const file = join(dir, `${name}.mp4`);
  const run = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y'],
    ...['-f', 'lavfi', '-i', `${source}=size=640x360:rate=25`, '-t', '4'],
    ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-shortest', '-movflags', '+faststart', file],
  ]);
  if (run.status !== 0) throw new Error(`ffmpeg failed: ${run.stderr.toString()}`);
  return file;
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  const { corporation } = await ownerHome();
  const workspace = await adminApi().workspaces.create({
    body: { corporationId: corporation.id, name: `Editor ${Date.now()}` },
  });
  home = { c: corporation.id, w: workspace.id };
  const dir = mkdtempSync(join(tmpdir(), 'stromwerk-editor-'));
  await uploadReadyMedia(workspace.id, video(dir, 'Opening', 'testsrc2'), 'Opening');
  await uploadReadyMedia(workspace.id, video(dir, 'Closing', 'smptebars'), 'Closing');
});

async function addClip(page: Page, lang: 'en' | 'de', media: string) {
  const w = words[lang];
  await page.getByRole('combobox', { name: w.mediaToAdd }).click();
  await page.getByRole('option', { name: new RegExp(`^${media} `) }).click();
  await page.getByRole('button', { name: w.addClip }).click();
}

const clipOrder = (page: Page) =>
  page.getByTestId('draft-clip').evaluateAll((cards) => cards.map((c) => c.getAttribute('aria-label')));

/** The render is done, and its media plays in the library. */
async function playFromLibrary(page: Page, lang: 'en' | 'de', name: string) {
  const w = words[lang];
  const done = page.getByRole('alert').filter({ hasText: w.done });
  await expect(done).toBeVisible({ timeout: 150_000 });
  await done.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 1, name: w.library })).toBeVisible();
  const card = page.getByRole('listitem', { name });
  await card.getByRole('button', { name: w.play(name) }).click();
  const dialog = page.getByRole('dialog', { name });
  const player = dialog.locator('video');
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(1);
  await player.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    return v.play();
  });
  await expect
    .poll(() => player.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(0.5);
}

for (const lang of ['en', 'de'] as const) {
  const w = words[lang];

  test.describe(`${lang}`, () => {
    test.use({ lang });

    test(`edit a draft of two clips with a fade and a title, save, render and play it (${lang})`, async ({
      page,
    }) => {
      test.setTimeout(240_000);
      const draftName = `Trailer ${lang}`;
      await page.setViewportSize({ width: 1200, height: 900 });
      await page.goto(`/${home.c}/${home.w}/editor`);
      await expect(page.getByRole('heading', { level: 1, name: w.title })).toBeVisible();

      await page.getByRole('button', { name: w.newDraft }).click();
      const dialog = page.getByRole('dialog', { name: w.newDraft });
      await dialog.getByRole('textbox', { name: w.name }).fill(draftName);
      await dialog.getByRole('button', { name: w.create }).click();
      await expect(page.getByRole('heading', { level: 1, name: draftName })).toBeVisible();
      await expect(page).toHaveURL(/\/editor\?draft=/);

      await addClip(page, lang, 'Opening');
      await addClip(page, lang, 'Closing');
      await expect.poll(() => clipOrder(page)).toEqual(['Clip 1: Opening', 'Clip 2: Closing']);

      // Alt+→ moves the focused clip, Ctrl+Z takes it back.
      await page.getByRole('group', { name: 'Clip 1: Opening' }).focus();
      await page.keyboard.press('Alt+ArrowRight');
      await expect.poll(() => clipOrder(page)).toEqual(['Clip 1: Closing', 'Clip 2: Opening']);
      await expect(page.getByRole('group', { name: 'Clip 2: Opening' })).toBeFocused();
      await page.keyboard.press('Control+z');
      await expect.poll(() => clipOrder(page)).toEqual(['Clip 1: Opening', 'Clip 2: Closing']);

      const joinGroup = page.getByRole('group', { name: w.join });
      await joinGroup.getByRole('combobox', { name: w.transition }).click();
      await page.getByRole('option', { name: w.fade, exact: true }).click();
      await page.getByRole('button', { name: w.addTitle }).click();
      await page.getByRole('textbox', { name: w.text }).fill(`Welcome ${lang}`);

      const saving = page.waitForRequest((r) => r.method() === 'PUT' && /\/v1\/drafts\/[^/]+$/.test(r.url()));
      await page.keyboard.press('Control+s');
      const body = (await saving).postDataJSON() as {
        revision: number;
        timeline: { main: { transitionOut?: unknown }[]; overlays: unknown[] };
      };
      expect(body.revision).toBe(0);
      expect(body.timeline.main).toHaveLength(2);
      expect(body.timeline.main[0]!.transitionOut).toEqual({ type: 'fade', durationMs: 1000 });
      expect(body.timeline.overlays).toEqual([
        expect.objectContaining({ type: 'text', text: `Welcome ${lang}`, preset: 'title' }),
      ]);
      await expect(page.getByText(w.saved, { exact: true })).toBeVisible();
      // Our own save, announced live, is no conflict.
      await expect(page.getByText(/Someone else saved|Jemand anderes/)).toHaveCount(0);

      await expectAccessible(page, `video editor (${lang})`);
      if (lang === 'en') {
        // The page from its heading, with no field focused.
        const heading = page.getByRole('heading', { level: 1, name: draftName });
        await heading.click();
        await heading.scrollIntoViewIfNeeded();
        await shot(page, join(screenshotsDir, 'editor-en-1200.png'));
      }

      await page.getByRole('button', { name: w.render, exact: true }).click();
      await playFromLibrary(page, lang, draftName);
    });
  });
}
