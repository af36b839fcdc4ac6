import type { CreateStreamInfoBody, StreamInfo, StreamInfoRecord } from '@stromwerk/contracts/stream-info';
import { badRequest, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { SourcesRepository } from '../sources/sources.repository';
import type { StreamInfoRow, StreamInfosRepository } from './stream-infos.repository';

const toRecord = (r: StreamInfoRow): StreamInfoRecord => ({
  id: r.id,
  sourceId: r.sourceId,
  corporationId: r.corporationId,
  workspaceId: r.workspaceId,
  streamStart: iso(r.streamStart),
  streamEnd: isoOrNull(r.streamEnd),
  info: r.info ?? null,
  createdAt: iso(r.createdAt),
});

/** One record per live session of a source: opened when it goes live, closed when it ends. */
export class StreamInfosService {
  constructor(
    private readonly repo: StreamInfosRepository,
    private readonly access: AccessService,
    private readonly sources: SourcesRepository,
  ) {}

  async list(actor: Actor, q: { sourceId?: string; workspaceId?: string; limit: number; offset: number }) {
    if (q.workspaceId) await this.access.workspace(actor, q.workspaceId, 'read');
    if (q.sourceId) {
      const source = await this.sources.byId(q.sourceId);
      if (!source) throw notFound('Source');
      // Another tenant's source answers exactly like a missing one.
      await this.access.resource(actor, source.workspaceId, 'read', 'Source');
    }
    const visible = await this.access.visibleWorkspaceIds(actor);
    const { rows, total } = await this.repo.list({ ...q, workspaceIds: visible });
    return { items: rows.map(toRecord), total, limit: q.limit, offset: q.offset };
  }

  async create(actor: Actor, body: CreateStreamInfoBody) {
    const source = await this.sources.byId(body.sourceId);
    if (!source) throw badRequest('sourceId', 'Source not found');
    await this.access.workspace(actor, source.workspaceId, 'write').catch(() => {
      throw badRequest('sourceId', 'Source not found');
    });
    const row = await this.repo.insert({
      corporationId: source.corporationId,
      workspaceId: source.workspaceId,
      sourceId: source.id,
      streamStart: new Date(body.streamStart),
      streamEnd: body.streamEnd ? new Date(body.streamEnd) : null,
      info: body.info ?? null,
    });
    return toRecord(row);
  }

  async delete(actor: Actor, id: string) {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Stream info');
    await this.access.workspace(actor, row.workspaceId, 'write').catch(() => {
      throw notFound('Stream info');
    });
    await this.repo.delete(id);
  }

  /** Engine side: a live session begins (returns its id) or ends. */
  async open(source: { id: string; corporationId: string; workspaceId: string }, start: Date) {
    const row = await this.repo.insert({
      corporationId: source.corporationId,
      workspaceId: source.workspaceId,
      sourceId: source.id,
      streamStart: start,
    });
    return row.id;
  }

  /**
   * The open record of a session that another process began and this one continues (a takeover), or a
   * new one when there is none.
   */
  async continueOrOpen(source: { id: string; corporationId: string; workspaceId: string }, start: Date) {
    return (await this.repo.openOf(source.id)) ?? this.open(source, start);
  }

  async setInfo(id: string, info: StreamInfo) {
    await this.repo.setInfo(id, info);
  }

  async close(sourceId: string, end: Date) {
    await this.repo.closeOpen(sourceId, end);
  }
}
