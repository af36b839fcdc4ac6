import { join } from 'node:path';
import { renderMp4 } from '@stromwerk/media/file-args';
import { runToCompletion } from '@stromwerk/media/run-to-completion';
import { storedInput } from '../medias/media-input';
import { importRender } from './import-render';
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
  return importRender(deps, output, {
    corporationId: media.corporationId!,
    workspaceId: media.workspaceId!,
    name: `${media.name} (MP4)`,
    originId: media.id,
    signal,
  });
}
