import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { adminApi, ownerHome } from './support/api';
import { e2eEnv } from './support/env';
import { expect, test } from './support/fixtures';

/**
 * Issue 33 item 8: the DVR bar hid a gap (02:00-02:49 read as one span though the stream was off for
 * 14 minutes). A player's DVR is written here as the packager would after such a break (the server's
 * DATA_DIR holds the mail folder the flows read), so the flow needs no 14-minute stream.
 */
test.use({ session: 'owner' });

const words = {
  en: {
    gap: /^Stream off from /,
    offTimes: /The stream was off once: /,
    inGap: /The stream was off from .+ nothing was recorded there/,
  },
  de: {
    gap: /^Stream aus von /,
    offTimes: /Der Stream war einmal aus: /,
    inGap: /Der Stream war von .+ dort wurde nichts aufgezeichnet/,
  },
} as const;

let home = { c: '', w: '' };
let outputName = '';

test.beforeAll(async () => {
  const { corporation } = await ownerHome();
  const api = adminApi();
  const workspace = await api.workspaces.create({
    body: { corporationId: corporation.id, name: `Clipping gaps ${Date.now()}` },
  });
  home = { c: corporation.id, w: workspace.id };
  outputName = `Gap arena ${Date.now().toString(36)}`;
  const output = await api.outputs.create({
    body: { workspaceId: workspace.id, name: outputName, latency: 'high' },
  });
  // On air 6 min, off 14 min, on air 6 min: ended 10 minutes ago.
  const start = Date.now() - 36 * 60_000;
  const dir = join(dirname(e2eEnv().mailDir), 'hls', output.id);
  mkdirSync(dir, { recursive: true });
  const one = join(dir, 'one.ts');
  const made = spawnSync('ffmpeg', [
    ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi'],
    ...['-i', 'testsrc2=size=320x180:rate=25:duration=1', '-c:v', 'libx264', '-f', 'mpegts', one],
  ]);
  if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
  const lines = ['#EXTM3U', '#EXT-X-TARGETDURATION:60', '#EXT-X-MEDIA-SEQUENCE:0'];
  const at = (ms: number) => new Date(ms).toISOString();
  for (let n = 0; n < 12; n++) {
    const t = n < 6 ? start + n * 60_000 : start + (n + 14) * 60_000;
    if (n === 6) lines.push('#EXT-X-DISCONTINUITY');
    lines.push(`#EXT-X-PROGRAM-DATE-TIME:${at(t)}`, '#EXTINF:60.0,', `seg_${n}.ts`);
    copyFileSync(one, join(dir, `seg_${n}.ts`));
  }
  writeFileSync(join(dir, 'index.m3u8'), `${[...lines, '#EXT-X-ENDLIST'].join('\n')}\n`);
  // A marker in the middle of the break: "Clip from here" sets In inside it.
  await api.clips.addMarker({
    params: { id: output.id },
    body: { at: at(start + 13 * 60_000), label: 'During the break' },
  });
});

test.afterAll(async () => {
  if (home.w) await adminApi().workspaces.remove({ params: { id: home.w } });
});

for (const lang of ['en', 'de'] as const) {
  test.describe(lang, () => {
    test.use({ lang });
    test(`shows the gap in the DVR bar and refuses a range inside it (${lang})`, async ({ page }) => {
      const w = words[lang];
      await page.goto(`/${home.c}/${home.w}/clipping`);
      await page.getByRole('combobox', { name: 'Player' }).click();
      await page.getByRole('option', { name: new RegExp(outputName) }).click();
      const gap = page.getByTestId('clip-gap');
      await expect(gap).toHaveCount(1);
      await expect(gap).toHaveAttribute('aria-label', w.gap);
      // Wider than a sliver: 14 of the window's 26 minutes.
      const [bar, hole] = await Promise.all([
        page.getByTestId('clip-timeline').boundingBox(),
        gap.boundingBox(),
      ]);
      expect(hole!.width / bar!.width).toBeGreaterThan(0.45);
      await expect(page.getByText(w.offTimes)).toBeVisible();
      await page.getByRole('button', { name: /Clip from|Clip ab/ }).click();
      await page.getByRole('button', { name: /Create clip|Clip erstellen/ }).click();
      await expect(page.getByRole('alert').filter({ hasText: w.inGap })).toBeVisible();
    });
  });
}
