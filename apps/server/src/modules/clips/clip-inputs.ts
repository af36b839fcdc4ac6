/**
 * What a clip job needs, secured when the clip is asked for: the plan (plan.json) and, for a DVR clip,
 * hard links to the segments it covers, in DATA_DIR/clips/<mediaId>/. The packager deleting a segment that
 * left its window then removes only its own name: the clip's link keeps the data. A link needs the same
 * file system; elsewhere the segment is copied.
 */
import { copyFile, link, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { ClipMode } from '@stromwerk/contracts/clips';
import type { PlaylistSegment } from '@stromwerk/media/hls-playlist';

export type ClipPlanFile =
  | {
      kind: 'output';
      outputId: string;
      fromMs: number;
      toMs: number;
      mode: ClipMode;
      /** Secured so far, in order. */
      segments: PlaylistSegment[];
      /** The end was not written when asked: the job waits for the rest. */
      waits: boolean;
    }
  | { kind: 'media'; sourceMediaId: string; inMs: number; outMs: number; mode: ClipMode };

export const clipInputsRoot = (dataDir: string) => join(resolve(dataDir), 'clips');
export const clipInputsDir = (dataDir: string, mediaId: string) => join(clipInputsRoot(dataDir), mediaId);

/** Links (or copies) segments from the playlist folder; false when one is already gone. */
export async function secureSegments(hlsDir: string, dir: string, segments: readonly PlaylistSegment[]) {
  await mkdir(dir, { recursive: true });
  for (const s of segments) {
    const from = join(hlsDir, s.uri);
    const to = join(dir, s.uri);
    try {
      await link(from, to);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EEXIST') continue;
      if (code === 'ENOENT') return false;
      if (code !== 'EXDEV' && code !== 'EPERM') throw e;
      try {
        await copyFile(from, to);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
        throw err;
      }
    }
  }
  return true;
}

/** Bytes of the secured segments, for the storage quota before any work is done. */
export async function bytesOf(dir: string, segments: readonly PlaylistSegment[]) {
  let total = 0;
  for (const s of segments)
    total += await stat(join(dir, s.uri)).then(
      (x) => x.size,
      () => 0,
    );
  return total;
}

export const writePlan = (dir: string, plan: ClipPlanFile) =>
  mkdir(dir, { recursive: true }).then(() => writeFile(join(dir, 'plan.json'), JSON.stringify(plan)));

export async function readPlan(dir: string): Promise<ClipPlanFile> {
  const text = await readFile(join(dir, 'plan.json'), 'utf8').catch(() => null);
  if (!text) throw new Error('The clip’s secured inputs are gone; ask for the clip again');
  return JSON.parse(text) as ClipPlanFile;
}

export const removeClipInputs = (dataDir: string, mediaId: string) =>
  rm(clipInputsDir(dataDir, mediaId), { recursive: true, force: true });

/** Media ids that have an inputs folder (for the sweep of folders whose job ended elsewhere). */
export const clipInputFolders = (dataDir: string) =>
  readdir(clipInputsRoot(dataDir)).catch(() => [] as string[]);
