import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Config, sharedRoot } from './config';
import { removePartialFiles } from './partial-files';
import { createS3Storage } from './storage-s3';

/**
 * Where media bytes live, behind one interface: local files under DATA_DIR/media by default, an
 * S3-compatible bucket when S3_* is set (storage-s3.ts). Keys are relative paths (the bucketRef). Writes
 * land under their key only when complete, so a cut-off upload never leaves a half file behind.
 */
export interface Storage {
  engine: 'local' | 's3';
  /** Where the bytes are, for health and logs (never a secret). */
  describe(): string;
  /** Fails with a clear message when the storage cannot be used (checked at start-up). */
  check(): Promise<void>;
  put(key: string, data: Readable): Promise<number>;
  /** Moves a finished local file (an ffmpeg output) in under `key`; the file is gone afterwards. */
  importFile(key: string, file: string): Promise<number>;
  copy(from: string, to: string): Promise<void>;
  read(key: string, range?: { start: number; end: number }): Readable;
  size(key: string): Promise<number | null>;
  remove(key: string): Promise<void>;
  /** What ffmpeg opens to read a key: a local path, or on S3 an address of the loopback relay. */
  ffmpegInput(key: string): Promise<string>;
  /** Ends what the storage runs of its own (S3: the relay). */
  close?(): Promise<void>;
}

/** Where a write goes until it is complete; removePartialFiles() sweeps those a crash left. */
const partName = (target: string) => `${target}.part-${process.pid}-${Date.now()}`;

/**
 * `shared`: the folder is a volume other machines write too (SHARED_DIR), where a writer's pid says
 * nothing; only partial files older than a day are swept there.
 */
export function createLocalStorage(root: string, shared = false): Storage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    if (!full.startsWith(base + sep)) throw new Error(`storage key escapes the media folder: ${key}`);
    return full;
  };
  return {
    engine: 'local',
    describe: () => (shared ? 'local files under SHARED_DIR/media' : 'local files under DATA_DIR/media'),
    async check() {
      await mkdir(base, { recursive: true });
      await removePartialFiles(base, shared ? { olderThanMs: 86_400_000 } : {});
    },
    async put(key, data) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = partName(target);
      try {
        // 1 MiB: writes gather while one runs (one writev) instead of one 64 KiB write at a time.
        await pipeline(data, createWriteStream(temp, { highWaterMark: 1024 * 1024 }));
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
        const temp = partName(target);
        await copyFile(file, temp);
        await rename(temp, target);
        await rm(file, { force: true });
      }
      return (await stat(target)).size;
    },
    async copy(from, to) {
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      const temp = partName(target);
      await copyFile(pathOf(from), temp);
      await rename(temp, target);
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
    ffmpegInput: async (key) => pathOf(key),
  };
}

export const mediaRoot = (dataDir: string) => join(dataDir, 'media');

/** The storage the configuration asks for: S3 when S3_* is set, else SHARED_DIR/media or DATA_DIR/media. */
export function createStorage(config: Config): Storage {
  return config.s3
    ? createS3Storage(config.s3)
    : createLocalStorage(mediaRoot(sharedRoot(config)), !!config.sharedDir);
}
