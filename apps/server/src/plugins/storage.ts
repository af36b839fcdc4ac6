import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * Where media bytes live, behind one interface: local files under DATA_DIR/media by default. Keys are
 * relative paths (the bucketRef). Writes go to a temporary name first and are renamed when complete, so a
 * cut-off upload never leaves a half file under its real key.
 */
export interface Storage {
  engine: 'local' | 's3';
  put(key: string, data: Readable): Promise<number>;
  /** Moves a finished local file (an ffmpeg output) in under `key`; the file is gone afterwards. */
  importFile(key: string, file: string): Promise<number>;
  copy(from: string, to: string): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** Local path of a key for ffmpeg; remote engines download first. */
  localPath(key: string): string;
}

export function createLocalStorage(root: string): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes the media folder: ${key}`);
    return full;
  };
  return {
    engine: 'local',
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.part-${process.pid}-${Date.now()}`;
      try {
        await pipeline(data, createWriteStream(temp));
        await rename(temp, target);
      } catch (e) {
        await rm(temp, { force: true });
        await rmdir(dirname(target)).catch(() => {});
        throw e;
      }
      return (await stat(target)).size;
    },
    async importFile(key, file) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      try {
        await rename(file, target);
      } catch (e) {
        // Another device (DATA_DIR/tmp on another mount): copy, then drop the original.
        if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
        await copyFile(file, `${target}.part`);
        await rename(`${target}.part`, target);
        await rm(file, { force: true });
      }
      return (await stat(target)).size;
    },
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      await copyFile(pathOf(from), `${target}.part`);
      await rename(`${target}.part`, target);
    },
    read: (key, range) => createReadStream(pathOf(key), range),
    async size(key) {
      try {
        return (await stat(pathOf(key))).size;
      } catch {
        return null;
      }
    },
    async remove(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      // A media's files share a folder: drop it with the last one (rmdir refuses while others remain).
      await rmdir(dirname(file)).catch(() => {});
    },
    localPath: (key) => pathOf(key),
  };
}

export const mediaRoot = (dataDir: string) => join(dataDir, 'media');
