import { randomUUID } from 'node:crypto';
import { probeMedia } from '@stromwerk/media/probe';
import { mediaKey } from '../medias/medias.service';
import type { MediaJobDeps } from './media-job-handlers';

/**
 * A finished render (an MP4 in the job's scratch folder) becomes a new media of origin render: probed,
 * checked against the storage quota, moved into storage, and thumbnailed by a job of its own.
 */
export async function importRender(
  deps: MediaJobDeps,
  file: string,
  o: { corporationId: string; workspaceId: string; name: string; originId: string; signal: AbortSignal },
) {
  const probe = await probeMedia({ url: file, format: 'mov' }, deps.ffprobePath, 30_000);
  await deps.medias.checkQuota(o.corporationId, 0);
  o.signal.throwIfAborted();
  const id = randomUUID();
  const bucketRef = mediaKey(id, 'original', '.mp4');
  const size = await deps.storage.importFile(bucketRef, file);
  const { durationMs, ...info } = probe;
  const row = await deps.medias.repo.insert({
    id,
    corporationId: o.corporationId,
    workspaceId: o.workspaceId,
    name: o.name.slice(0, 120),
    origin: 'render',
    originId: o.originId,
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
