import { mkdtempSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PlaylistWaits } from '../../src/modules/play/playlist-waits';

const dir = mkdtempSync(join(tmpdir(), 'playlist-waits-'));
const playlist = (complete: number, openParts: number) =>
  [
    '#EXTM3U',
    '#EXT-X-PART-INF:PART-TARGET=0.3',
    '#EXT-X-MEDIA-SEQUENCE:10',
    ...Array.from({ length: complete }, (_, i) => [`#EXTINF:2,`, `seg_${10 + i}.m4s`]).flat(),
    ...Array.from(
      { length: openParts },
      (_, i) => `#EXT-X-PART:DURATION=0.25,URI="part_${10 + complete}_${i}.m4s"`,
    ),
  ].join('\n');
const write = (text: string) => {
  writeFileSync(join(dir, 'index.m3u8.tmp'), text);
  renameSync(join(dir, 'index.m3u8.tmp'), join(dir, 'index.m3u8'));
};

describe('PlaylistWaits', () => {
  it('answers a blocking reload once the part asked for is listed, not before', async () => {
    write(playlist(2, 1));
    const waits = new PlaylistWaits();
    let answered: string | null | undefined;
    // Its time-out (60 s) is far beyond the test's (5 s): an answer at all means the listed part woke it,
    // and no bound on the elapsed time (which a busy machine stretches) has to tell the two apart.
    const pending = waits.playlist(dir, 12, 2, 60_000).then((t) => {
      answered = t;
    });
    await new Promise((r) => setTimeout(r, 150));
    expect(answered).toBeUndefined();
    write(playlist(2, 2));
    await new Promise((r) => setTimeout(r, 150));
    expect(answered).toBeUndefined();
    write(playlist(2, 3));
    await pending;
    expect(answered).toContain('part_12_2.m4s');
  });

  it('a finished segment answers a request for a part past its last', async () => {
    write(playlist(2, 4));
    const waits = new PlaylistWaits();
    // As above: the time-out's answer would list seg_12 too, so only the wake may answer in time.
    const pending = waits.playlist(dir, 12, 4, 60_000);
    write(playlist(3, 0));
    expect(await pending).toContain('seg_12.m4s');
  });

  it('gives the playlist as it is after the time-out', async () => {
    write(playlist(1, 0));
    const text = await new PlaylistWaits().playlist(dir, 11, 3, 200);
    expect(text).toBe(playlist(1, 0));
  });

  it('waits for a part file to appear', async () => {
    const waits = new PlaylistWaits();
    const found = waits.file(dir, 'part_20_0.m4s', 3000);
    setTimeout(() => writeFileSync(join(dir, 'part_20_0.m4s'), 'x'), 100);
    expect(await found).toBe(true);
    expect(await waits.file(dir, 'part_99_0.m4s', 100)).toBe(false);
  });
});
