import { publishTestStream } from '../scripts/lib/test-support.mjs';
import { adminApi, ownerHome } from './support/api';
import { expect, test } from './support/fixtures';
import { rtmpPort } from './support/publisher';

test.use({ session: 'owner' });

// Issue 30, item 1: a live recording is an MP4 that the library's preview plays and seeks in Chromium
// (it was MPEG-TS, which browsers refuse: "Media load rejected").
test('a live recording plays and seeks in the library preview', async ({ page }) => {
  test.setTimeout(150_000);
  const api = adminApi();
  const { corporation } = await ownerHome();
  const workspace = await api.workspaces.create({
    body: { corporationId: corporation.id, name: `Recordings ${Date.now()}` },
  });
  const source = await api.sources.create({
    body: { workspaceId: workspace.id, name: 'Board meeting', type: 'rtmp', recording: true },
  });
  const { streamKey } = await api.sources.streamKey({ params: { id: source.id } });
  const encoder = publishTestStream(`rtmp://127.0.0.1:${rtmpPort()}/live/${streamKey}`, { seconds: 8 });
  await new Promise((resolve) => encoder.once('exit', resolve));
  // Joined once nobody continued it for the resume window, then thumbnailed.
  let name = '';
  await expect
    .poll(
      async () => {
        const list = await api.medias.byOrigin({
          params: { origin: 'recording' },
          query: { originId: source.id },
        });
        const media = list.items[0];
        name = media?.name ?? '';
        return media?.status === 'ready'
          ? media.files.find((f) => f.kind === 'original')?.mimeType
          : undefined;
      },
      { timeout: 90_000, intervals: [1000] },
    )
    .toBe('video/mp4');

  await page.goto(`/${corporation.id}/${workspace.id}/media`);
  await page.getByRole('tab', { name: 'Library' }).click();
  await page.getByRole('button', { name: `Play ${name}` }).click();
  const player = page.getByRole('dialog', { name });
  const video = player.locator('video');
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState), { timeout: 20_000 })
    .toBeGreaterThan(2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.duration)).toBeGreaterThan(6);
  // It seeks: a jump to 5 s lands there and plays on.
  await video.evaluate((v: HTMLVideoElement) => {
    v.muted = true;
    v.currentTime = 5;
    void v.play();
  });
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 10_000 })
    .toBeGreaterThan(5.2);
  expect(await video.evaluate((v: HTMLVideoElement) => v.error)).toBeNull();
});
