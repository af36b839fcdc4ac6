import { runToCompletion } from '@stromwerk/media/run-to-completion';
import type { MediaFile } from '../../db/schema/media';
import { storedInput } from '../medias/media-input';
import { freshJobDir } from './job-files';
import type { JobContext } from './job-worker';
import type { MediaJobDeps } from './media-job-handlers';
import { isStill, makeStills } from './media-stills';

/**
 * The thumbnail, hover preview and waveform of a media (`makeStills`); then the media is ready.
 */
export async function thumbnailJob(deps: MediaJobDeps, { job, signal, progress }: JobContext) {
  const media = job.mediaId ? await deps.medias.repo.byId(job.mediaId) : undefined;
  if (!media) throw new Error('The media no longer exists');
  const original = media.files.find((f) => f.kind === 'original');
  if (!original) throw new Error('The media has no file');
  const dir = await freshJobDir(deps.dataDir, job.id);
  const stills = await makeStills({
    storage: deps.storage,
    media,
    input: await storedInput(deps.storage, media, original),
    dir,
    run: (args) => runToCompletion(args, { command: deps.ffmpegPath, signal, label: `job ${job.id}` }),
    progress,
  });
  const files: MediaFile[] = [...media.files.filter((f) => !isStill(f.kind)), ...stills];
  const row = await deps.medias.repo.update(media.id, { files, status: 'ready', error: null });
  if (row) deps.medias.changed(row, 'updated');
  return undefined;
}
