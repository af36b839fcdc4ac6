import { join } from 'node:path';
import {
  frameAt,
  PREVIEW_FRAME_WIDTH,
  PREVIEW_FRAMES,
  previewTimes,
  tileFrames,
} from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { MediaFile } from '../../db/schema/media';
import { storedInput } from '../medias/media-input';
import { mediaKey } from '../medias/medias.service';
import { freshJobDir } from './job-files';
import type { JobContext } from './job-worker';
import type { MediaJobDeps } from './media-job-handlers';

/**
 * A still (10 % into the media, at most 5 s) and a strip of 10 frames for the hover preview; then the media
 * is ready. Audio-only media get neither and are ready at once.
 */
export async function thumbnailJob(deps: MediaJobDeps, { job, signal, progress }: JobContext) {
  const media = job.mediaId ? await deps.medias.repo.byId(job.mediaId) : undefined;
  if (!media) throw new Error('The media no longer exists');
  const original = media.files.find((f) => f.kind === 'original');
  if (!original) throw new Error('The media has no file');
  const probe = media.probe as { video?: unknown } | null;
  if (!probe?.video) {
    const row = (await deps.medias.repo.update(media.id, { status: 'ready' }))!;
    deps.medias.changed(row, 'updated');
    return undefined;
  }
  const dir = await freshJobDir(deps.dataDir, job.id);
  const input = await storedInput(deps.storage, media, original);
  const run = (args: string[]) =>
    runToCompletion(args, { command: deps.ffmpegPath, signal, label: `job ${job.id}` });
  const durationMs = media.durationMs ?? 0;

  const still = join(dir, 'thumbnail.jpg');
  await run(frameAt(input, Math.min(5, (durationMs / 1000) * 0.1), still));
  progress(0.2);
  const times = previewTimes(durationMs);
  for (const [i, at] of times.entries()) {
    await run(frameAt(input, at, join(dir, `frame-${String(i).padStart(2, '0')}.jpg`), PREVIEW_FRAME_WIDTH));
    progress(0.2 + (0.7 * (i + 1)) / times.length);
  }
  const strip = join(dir, 'preview.jpg');
  await run(tileFrames(join(dir, 'frame-%02d.jpg'), PREVIEW_FRAMES, strip));

  const files: MediaFile[] = media.files.filter((f) => f.kind !== 'thumbnail' && f.kind !== 'preview');
  for (const [kind, file] of [
    ['thumbnail', still],
    ['preview', strip],
  ] as const) {
    const bucketRef = mediaKey(media.id, kind, '.jpg');
    const size = await deps.storage.importFile(bucketRef, file);
    files.push({ kind, bucketRef, size, mimeType: 'image/jpeg' });
  }
  const row = await deps.medias.repo.update(media.id, { files, status: 'ready', error: null });
  if (row) deps.medias.changed(row, 'updated');
  return undefined;
}
