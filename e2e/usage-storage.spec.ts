import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { adminApi, uploadReadyMedia } from './support/api';
import { expect, test } from './support/fixtures';

/**
 * Issue 33 item 4: the Usage card said "Storage 0 B" while the Limits gauge on the same page said
 * 26.1 MB. Media stored after the server's last storage reading must show on both, alike.
 */
test.use({ session: 'owner' });

const words = {
  en: { storage: 'Storage', of: ' of ' },
  de: { storage: 'Speicher', of: ' von ' },
} as const;

for (const lang of ['en', 'de'] as const) {
  test.describe(lang, () => {
    test.use({ lang });

    test(`storage on the usage cards equals the Limits gauge (${lang})`, async ({ page }) => {
      const w = words[lang];
      const api = adminApi();
      const corporation = await api.corporations.create({ body: { name: `Storage ${lang} ${Date.now()}` } });
      const ws = await api.workspaces.create({ body: { corporationId: corporation.id, name: 'Library' } });
      const file = join(mkdtempSync(join(tmpdir(), 'stromwerk-storage-')), 'Stored.mp4');
      const made = spawnSync('ffmpeg', [
        ...['-hide_banner', '-loglevel', 'error', '-nostdin', '-y', '-f', 'lavfi'],
        ...['-i', 'testsrc2=size=320x180:rate=25:duration=2', '-c:v', 'libx264', file],
      ]);
      if (made.status !== 0) throw new Error(`ffmpeg failed: ${made.stderr}`);
      await uploadReadyMedia(ws.id, file, 'Stored');

      await page.goto(`/${corporation.id}/usage`);
      const gauge = page.getByRole('progressbar', { name: w.storage });
      await expect(gauge).toHaveAttribute('aria-valuetext', new RegExp(`^[1-9].*${w.of}`));
      const used = (await gauge.getAttribute('aria-valuetext'))!.split(w.of)[0]!;
      const card = page
        .getByRole('listitem')
        .filter({ has: page.getByText(w.storage, { exact: true }) })
        .filter({ hasNot: page.getByRole('progressbar') });
      await expect(card).toContainText(used);
      await expect(card).not.toContainText(/(^|\D)0 B/);
    });
  });
}
