import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { renderMp4 } from '@stromwerk/media/file-args';
import { probeMedia } from '@stromwerk/media/probe';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import { storedInput } from '../medias/media-input';
import { mediaKey } from '../medias/medias.service';
import { etaSeconds, freshJobDir } from './job-files';
import type { JobContext } from './job-worker';
import type { MediaJobDeps } from './media-job-handlers';

/**
 * An H.264/AAC MP4 of a media as a new media (origin render). The output is written to the job's scratch
 * folder and only becomes a media when ffmpeg finished: a cancelled or failed render leaves nothing.
 */
export async function renderMp4Job(deps: MediaJobDeps, { job, signal, progress }: JobContext) {
  const media = job.mediaId ? await deps.medias.repo.byId(job.mediaId) : undefined;
  if (!media) throw new Error('The media no longer exists');
  const original = media.files.find((f) => f.kind === 'original');
  if (!original) throw new Error('The media has no file');
  const dir = await freshJobDir(deps.dataDir, job.id);
  const output = join(dir, 'render.mp4');
  const started = Date.now();
  const input = await storedInput(deps.storage, media, original);
  await runToCompletion(renderMp4(input, output), {
    command: deps.ffmpegPath,
    signal,
    label: `job ${job.id}`,
    durationMs: media.durationMs ?? undefined,
    onProgress: (p) => p.fraction !== null && progress(p.fraction, etaSeconds(p.fraction, started)),
  });
  const probe = await probeMedia({ url: output, format: 'mov' }, deps.ffprobePath, 30_000);
  await deps.medias.checkQuota(media.corporationId!, 0);
  const id = randomUUID();
  const bucketRef = mediaKey(id, 'original', '.mp4');
  const size = await deps.storage.importFile(bucketRef, output);
  const { durationMs, ...info } = probe;
  const row = await deps.medias.repo.insert({
    id,
    corporationId: media.corporationId,
    workspaceId: media.workspaceId,
    name: `${media.name} (MP4)`.slice(0, 120),
    origin: 'render',
    originId: media.id,
    status: 'processing',
    files: [{ kind: 'original', bucketRef, size, mimeType: 'video/mp4' }],
    probe: info,
    sizeBytes: size,
    durationMs,
    uploadedAt: new Date(),
  });
  deps.medias.changed(row, 'created');
  await deps.jobs.enqueue({ type: 'thumbnail', media: row });
  return { resultMediaId: row.id };
}
