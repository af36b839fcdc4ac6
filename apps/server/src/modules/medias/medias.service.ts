import type { PageQuery } from '@stromwerk/contracts/common';
import type {
  ByOriginQuery,
  CopyMediaQuery,
  Media,
  MediaFileKind,
  MediaListQuery,
  MediaOrigin,
  MediaStatus,
} from '@stromwerk/contracts/medias';
import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import type { MediaFile } from '../../db/schema/media';
import { AppError, badRequest, notFound, quotaExceeded } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Actor } from '../../plugins/auth';
import type { Storage } from '../../plugins/storage';
import type { AccessService } from '../access/access.service';
import type { JobsService } from '../jobs/jobs.service';
import type { MediaLinks } from './media-links';
import type { MediaRow, MediasRepository } from './medias.repository';

export const mediaKey = (mediaId: string, kind: MediaFileKind, ext: string) =>
  `library/${mediaId}/${kind}${ext}`;
const extOf = (ref: string) => ref.match(/\.[a-z0-9]+$/i)?.[0] ?? '';

/** The media library of a workspace: listing, renaming, copying, deleting and the files behind it. */
export class MediasService {
  constructor(
    readonly repo: MediasRepository,
    private readonly access: AccessService,
    private readonly storage: Storage,
    private readonly links: MediaLinks,
    private readonly events: EventBus,
    /** Renders are queued and a deleted media's jobs cancelled here; the queue itself reads only rows. */
    private readonly jobs: JobsService,
  ) {}

  async present(row: MediaRow): Promise<Media> {
    const has = (kind: MediaFileKind) => row.files.some((f) => f.kind === kind);
    const link = (kind: MediaFileKind, download = false) =>
      has(kind) ? this.links.link(row.id, kind, download) : Promise.resolve(null);
    return {
      id: row.id,
      corporationId: row.corporationId!,
      workspaceId: row.workspaceId!,
      name: row.name,
      origin: row.origin as MediaOrigin,
      originId: row.originId,
      status: row.status as MediaStatus,
      error: row.error,
      sizeBytes: row.sizeBytes,
      durationMs: row.durationMs,
      info: (row.probe as StreamInfo | null) ?? null,
      files: row.files.filter((f) => f.kind !== 'image') as Media['files'],
      links: {
        original: await link('original'),
        download: await link('original', true),
        thumbnail: await link('thumbnail'),
        preview: await link('preview'),
        waveform: await link('waveform'),
      },
      clip: row.clip ?? null,
      autoDeleteAt: isoOrNull(row.autoDeleteAt),
      uploadedAt: isoOrNull(row.uploadedAt),
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  /** The row, if the caller may `need` it; another tenant's media is simply not found. */
  async row(actor: Actor, id: string, need: 'read' | 'write') {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Media');
    await this.access.resource(actor, row.workspaceId!, need, 'Media');
    return row;
  }

  async list(actor: Actor, query: MediaListQuery & { corporationId?: string }) {
    if (query.workspaceId && !query.corporationId) {
      // One workspace: its page first, then the decision on the corporation its rows name (as sources).
      const { rows, total } = await this.repo.list(query, undefined);
      await this.access.workspaceList(actor, query.workspaceId, rows[0], 'read');
      const items = await Promise.all(rows.map((r) => this.present(r)));
      return { items, total, limit: query.limit, offset: query.offset };
    }
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    const items = await Promise.all(rows.map((r) => this.present(r)));
    return { items, total, limit: query.limit, offset: query.offset };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { sort: 'createdAt', order: 'desc', ...page, ...scope });
  }

  async byOrigin(actor: Actor, origin: MediaOrigin, query: ByOriginQuery) {
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor);
    const { rows, total } = await this.repo.byOrigin(origin, query, visible);
    const items = await Promise.all(rows.map((r) => this.present(r)));
    return { items, total, limit: query.limit, offset: query.offset };
  }

  async get(actor: Actor, id: string) {
    return this.present(await this.row(actor, id, 'read'));
  }

  async rename(actor: Actor, id: string, name: string) {
    await this.row(actor, id, 'write');
    const row = (await this.repo.update(id, { name }))!;
    this.changed(row, 'updated');
    return this.present(row);
  }

  async delete(actor: Actor, id: string) {
    await this.remove(await this.row(actor, id, 'write'));
  }

  /** Deletes a media nobody uses (its caller decided who may): jobs on it stop, then the row, then files. */
  async remove(row: MediaRow) {
    const users = await this.repo.usedBy(row.id);
    if (users.length > 0)
      throw new AppError(
        'CONFLICT',
        `The media is in use by ${users.map((n) => `"${n}"`).join(', ')}; choose another media there first`,
      );
    await this.jobs.cancelForMedia(row.id);
    await this.repo.delete(row.id);
    // Files go after the row: a crash in between leaves an orphan file, never a row without its file.
    for (const file of row.files) await this.storage.remove(file.bucketRef);
    this.changed(row, 'deleted');
  }

  /** A full copy (files included) in the same or another workspace of the same corporation. */
  async copy(actor: Actor, id: string, query: CopyMediaQuery) {
    const source = await this.row(actor, id, 'read');
    if (source.status !== 'ready') throw new AppError('CONFLICT', 'Only a ready media can be copied');
    const workspaceId = query.workspaceId ?? source.workspaceId!;
    const { workspace } = await this.access.workspace(actor, workspaceId, 'write');
    if (workspace.corporationId !== source.corporationId)
      throw badRequest('workspaceId', 'Copies stay inside the corporation');
    await this.checkQuota(workspace.corporationId, source.sizeBytes);
    const row = await this.repo.insert({
      corporationId: workspace.corporationId,
      workspaceId,
      name: query.name ?? `${source.name} (copy)`.slice(0, 120),
      origin: 'copy',
      originId: source.id,
      status: 'processing',
      probe: source.probe,
      sizeBytes: source.sizeBytes,
      durationMs: source.durationMs,
      uploadedAt: new Date(),
    });
    try {
      const files: MediaFile[] = [];
      for (const f of source.files) {
        const bucketRef = mediaKey(row.id, f.kind as MediaFileKind, extOf(f.bucketRef));
        await this.storage.copy(f.bucketRef, bucketRef);
        files.push({ ...f, bucketRef });
      }
      const done = (await this.repo.update(row.id, { files, status: 'ready' }))!;
      this.changed(done, 'created');
      return this.present(done);
    } catch (e) {
      await this.repo.delete(row.id);
      for (const f of source.files)
        await this.storage.remove(mediaKey(row.id, f.kind as MediaFileKind, extOf(f.bucketRef)));
      throw e;
    }
  }

  async renderMp4(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'write');
    if (row.status !== 'ready') throw new AppError('CONFLICT', 'The media is not ready yet');
    return this.jobs.enqueue({ type: 'render-mp4', media: row });
  }

  async checkQuota(corporationId: string, addBytes: number) {
    const max = await this.repo.storageQuota(corporationId);
    const used = await this.repo.bytesIn({ corporationId });
    if (used + addBytes > max)
      throw quotaExceeded(
        'STORAGE_QUOTA_EXCEEDED',
        'storage_bytes',
        used,
        max,
        `Storage quota exceeded: ${used + addBytes} of ${max} bytes`,
      );
    return max - used;
  }

  /** For the signed file route: the file of that kind, or 404. */
  async file(id: string, kind: MediaFileKind) {
    const row = await this.repo.byId(id);
    const file = row?.files.find((f) => f.kind === kind);
    if (!row || !file) throw notFound('File');
    return { row, file, size: (await this.storage.size(file.bucketRef)) ?? 0 };
  }

  changed(row: MediaRow, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({
      type: 'media',
      action,
      id: row.id,
      corporationId: row.corporationId!,
      workspaceId: row.workspaceId,
      // The player a recording belongs to decides its VOD again (live-events.ts), even once it is deleted.
      data: {
        status: row.status,
        name: row.name,
        recordingOf: row.origin === 'recording' ? row.originId : null,
      },
    });
  }
}
