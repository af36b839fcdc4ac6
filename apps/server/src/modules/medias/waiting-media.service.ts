import type { CreateMediaBody, Media } from '@stromwerk/contracts/medias';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/app-error';
import { assertMediaFeature, type MediaStatus } from '../../lib/media-feature';
import type { Actor } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import type { AccessService } from '../access/access.service';
import type { JobsService } from '../jobs/jobs.service';
import { type MediaUploadService, malformed, type Stored } from './media-upload.service';
import type { MediasService } from './medias.service';

const HAS_FILE = 'The media has its file already: create another media for another file';
const hasFile = () => new AppError('CONFLICT', `id: ${HAS_FILE}`, [{ field: 'id', message: HAS_FILE }]);

/**
 * A media created before its file (issue 33, spec `POST /v1/medias`): an API client names it first and
 * uploads later. It waits (`waiting`, no files, 0 bytes) until `POST /v1/medias/{id}/upload` brings its
 * one file, which goes the way of every upload (streamed, quota-guarded, probed, thumbnails queued).
 * The upload claims the row (waiting -> processing) before it reads a byte, so two uploads at once
 * cannot both write it: the second gets 409; a refused or cut-off upload puts the row back to waiting.
 */
export class WaitingMediaService {
  constructor(
    private readonly access: AccessService,
    private readonly medias: MediasService,
    private readonly uploads: MediaUploadService,
    private readonly storage: Storage,
    private readonly jobs: JobsService,
    private readonly media: MediaStatus,
  ) {}

  async create(actor: Actor, body: CreateMediaBody): Promise<Media> {
    const { workspace } = await this.access.workspace(actor, body.workspaceId, 'write');
    const row = await this.medias.repo.insert({
      corporationId: workspace.corporationId,
      workspaceId: workspace.id,
      name: body.name,
      origin: 'upload',
      status: 'waiting',
    });
    this.medias.changed(row, 'created');
    return this.medias.present(row);
  }

  async upload(actor: Actor, request: FastifyRequest, id: string): Promise<Media> {
    const row = await this.medias.row(actor, id, 'write');
    if (row.status !== 'waiting') throw hasFile();
    if (!request.isMultipart()) throw badRequest('file', 'Send the file as multipart/form-data');
    assertMediaFeature(this.media, (c) => c.ffprobe, 'Uploads need ffprobe, which this server lacks');
    const remaining = await this.medias.checkQuota(row.corporationId!, 0);
    const limit = await this.medias.repo.storageQuota(row.corporationId!);
    if (!(await this.medias.repo.claimWaiting(id))) throw hasFile();
    let stored: Stored | undefined;
    try {
      for await (const part of request.parts({ limits: { fileSize: Number.POSITIVE_INFINITY } })) {
        if (part.type === 'field') continue;
        if (stored) throw badRequest('file', 'One file per media');
        stored = await this.uploads.receive(part.filename, part.file, remaining, limit, id);
      }
      if (!stored) throw badRequest('file', 'Selection required');
    } catch (e) {
      if (stored) await this.storage.remove(stored.file.bucketRef);
      await this.medias.repo.update(id, { status: 'waiting' });
      throw malformed(e) ? badRequest('file', 'The upload was cut off or is not valid multipart') : e;
    }
    const { durationMs, ...info } = stored.probe;
    const done = (await this.medias.repo.update(id, {
      files: [stored.file],
      probe: info,
      sizeBytes: stored.file.size,
      durationMs,
      uploadedAt: new Date(),
    }))!;
    this.medias.changed(done, 'updated');
    await this.jobs.enqueue({ type: 'thumbnail', media: done });
    return this.medias.present(done);
  }
}
