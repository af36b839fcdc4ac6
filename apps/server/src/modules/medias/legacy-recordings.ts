import { copyFile, readdir, rename, rm, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RecordingOwnerRef, RecordingsService } from './recordings.service';

/**
 * Recordings left by a killed process of an earlier version (DATA_DIR/tmp/recordings/<owner>_<start>/
 * part-NNN.ts): moved into the shared recordings as a paused recording of their owner, so they are joined
 * and imported like any other (issue 29 changed where recordings are made; nothing recorded is lost).
 */
export async function adoptLegacyRecordings(
  dataDir: string,
  recordings: RecordingsService,
  ownerById: (id: string) => Promise<RecordingOwnerRef | undefined>,
) {
  const root = join(resolve(dataDir), 'tmp', 'recordings');
  for (const name of await readdir(root).catch(() => [] as string[])) {
    const dir = join(root, name);
    const owner = await ownerById(name.split('_')[0] ?? '');
    const parts = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => /^part-\d+\.ts$/.test(f))
      .sort();
    const sized: string[] = [];
    for (const p of parts)
      if (((await stat(join(dir, p)).catch(() => null))?.size ?? 0) > 1024) sized.push(p);
    if (owner && sized.length > 0) {
      const target = await recordings.begin(owner, 'legacy');
      for (const [i, p] of sized.entries())
        await move(join(dir, p), join(target.dir, `${target.prefix}-${String(i).padStart(5, '0')}.ts`));
      await recordings.pause(target.id, target.part);
    }
    await rm(dir, { recursive: true, force: true });
  }
}

/** SHARED_DIR may be another file system than DATA_DIR: a rename across them is a copy. */
async function move(from: string, to: string) {
  try {
    await rename(from, to);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
    await copyFile(from, to);
    await unlink(from);
  }
}
