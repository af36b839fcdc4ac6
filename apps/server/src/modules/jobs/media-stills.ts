import { join } from 'node:path';
import {
  frameAt,
  PREVIEW_FRAME_WIDTH,
  PREVIEW_FRAMES,
  previewTimes,
  tileFrames,
} from '@stromwerk/media/file-args';
import type { StoredInput } from '@stromwerk/media/safe-input';
import type { MediaFile } from '../../db/schema/media';
import type { Storage } from '../../plugins/storage';
import { mediaKey } from '../medias/medias.service';

/**
 * A still (10 % into the media, at most 5 s) and a strip of 10 frames for the hover preview, stored under
 * the media's keys. `run` runs one ffmpeg (the job's, so cancelling the job stops it); `dir` is scratch.
 * Audio-only media get none.
 */
export async function makeStills(o: {
  storage: Storage;
  media: { id: string; probe: unknown; durationMs: number | null };
  input: StoredInput;
  dir: string;
  run: (args: string[]) => Promise<unknown>;
  progress?: (fraction: number) => void;
}): Promise<MediaFile[]> {
  const probe = o.media.probe as { video?: unknown } | null;
  if (!probe?.video) return [];
  const durationMs = o.media.durationMs ?? 0;
  const still = join(o.dir, 'thumbnail.jpg');
  await o.run(frameAt(o.input, Math.min(5, (durationMs / 1000) * 0.1), still));
  o.progress?.(0.2);
  const times = previewTimes(durationMs);
  for (const [i, at] of times.entries()) {
    await o.run(
      frameAt(o.input, at, join(o.dir, `frame-${String(i).padStart(2, '0')}.jpg`), PREVIEW_FRAME_WIDTH),
    );
    o.progress?.(0.2 + (0.7 * (i + 1)) / times.length);
  }
  const strip = join(o.dir, 'preview.jpg');
  await o.run(tileFrames(join(o.dir, 'frame-%02d.jpg'), PREVIEW_FRAMES, strip));
  const files: MediaFile[] = [];
  for (const [kind, file] of [
    ['thumbnail', still],
    ['preview', strip],
  ] as const) {
    const bucketRef = mediaKey(o.media.id, kind, '.jpg');
    const size = await o.storage.importFile(bucketRef, file);
    files.push({ kind, bucketRef, size, mimeType: 'image/jpeg' });
  }
  return files;
}
