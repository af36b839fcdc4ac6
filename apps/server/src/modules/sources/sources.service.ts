import type { PageQuery } from '@stromwerk/contracts/common';
import { STREAM_ENDPOINTS } from '@stromwerk/contracts/limits';
import type {
  BulkUpdateSourcesBody,
  CreateSourceBody,
  IngestEndpoints,
  SourceListQuery,
  StreamEndpoint,
  StreamKey,
  UpdateSourceBody,
} from '@stromwerk/contracts/sources';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { checkEach } from '../../lib/bulk';
import type { EventBus } from '../../lib/events';
import { randomSecret } from '../../lib/secrets';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import { ENDPOINT_PROTOCOL } from '../../plugins/ingest-config';
import type { AccessService } from '../access/access.service';
import type { LiveEvents } from '../live/live-events';
import type { SourcePreviews } from '../live/source-previews';
import type { MediasRepository } from '../medias/medias.repository';
import type { UsageService } from '../usage/usage.service';
import { ingestUrlOf, sourcePresenter } from './source-presenter';
import type { NewSource, SourceRow, SourcesRepository } from './sources.repository';

const date = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);
const SRT_PORT_RANGE = 1000;

export class SourcesService {
  constructor(
    private readonly usage: UsageService,
    private readonly config: Config,
    readonly repo: SourcesRepository,
    private readonly access: AccessService,
    private readonly events: EventBus,
    private readonly medias: MediasRepository,
    /** Changes the live plane must act on; never an engine (issue 29). */
    private readonly live: LiveEvents,
    private readonly previews: SourcePreviews,
  ) {}

  ingestUrl(row: Pick<SourceRow, 'type' | 'endpoint' | 'srtPort'>): string | null {
    return ingestUrlOf(this.config, row);
  }

  /** Every region and whether it has an ingest address here. */
  endpoints(): IngestEndpoints {
    return {
      endpoints: STREAM_ENDPOINTS.map((id) => ({
        id,
        protocol: ENDPOINT_PROTOCOL[id],
        configured: this.config.ingestEndpoints[id] !== undefined,
      })),
    };
  }

  present = (row: SourceRow) => sourcePresenter(this.config)(row);

  async list(actor: Actor, query: SourceListQuery & { corporationId?: string }) {
    if (query.workspaceId && !query.corporationId) {
      // One workspace (the list screen's request): its page is read first and the access decision taken on
      // the corporation its rows name, so a page costs one statement after authentication. Nothing is
      // returned before the decision; an empty page asks the access service as every other request does.
      const { rows, total } = await this.repo.list(query, undefined);
      await this.access.workspaceList(actor, query.workspaceId, rows[0], 'read');
      return { items: rows.map(this.present), total, limit: query.limit, offset: query.offset };
    }
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return { items: rows.map(this.present), total, limit: query.limit, offset: query.offset };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { ...page, ...scope });
  }

  async row(actor: Actor, id: string, need: 'read' | 'write') {
    const found = await this.repo.byIdForAccess(id);
    if (!found) throw notFound('Source');
    await this.access.resourceOfRow(actor, found, need, 'Source');
    return found;
  }

  async get(actor: Actor, id: string) {
    return this.present(await this.row(actor, id, 'read'));
  }

  /**
   * A source without media or SRT port (RTMP, WHIP, demo) is created in one statement that carries the caller's tenancy and
   * the quota's room (`SourcesRepository.insertWithRoom`); when it inserted nothing, the workspace is
   * decided as before (404, 403, blocked, quota full) and a right that came in between still creates.
   */
  async create(actor: Actor, body: CreateSourceBody) {
    const endpoint = this.endpointFor(body.type, body.endpoint);
    this.checkWindow(body.maintenanceStart, body.maintenanceEnd);
    const values = {
      workspaceId: body.workspaceId,
      name: body.name,
      type: body.type,
      endpoint,
      streamKey: randomSecret(18),
      recording: body.recording,
      startNow: body.startNow,
      scheduledStart: date(body.scheduledStart),
      mediaId: body.mediaId ?? null,
      loop: body.loop,
      maintenanceStart: date(body.maintenanceStart),
      maintenanceEnd: date(body.maintenanceEnd),
    };
    // A media to look up (a re-live needs one), or an SRT port to take: the checked create.
    const checked = !!body.mediaId || body.type === 'relive' || body.type === 'srt';
    const row =
      (checked
        ? undefined
        : await this.repo.insertWithRoom(values, await this.access.scope(actor, 'write'))) ??
      (await this.createChecked(actor, body, values));
    await this.changed(row, 'created');
    return this.present(row);
  }

  private async createChecked(
    actor: Actor,
    body: CreateSourceBody,
    values: Omit<NewSource, 'corporationId' | 'srtPort'>,
  ) {
    const workspace = await this.usage.writableWorkspaceWithRoom(
      actor,
      body.workspaceId,
      'sources',
      'sources',
    );
    await this.checkMedia(body.type, body.mediaId ?? null, workspace.id);
    const srtPort = body.type === 'srt' ? await this.freeSrtPort() : null;
    return this.repo.insert({ ...values, corporationId: workspace.corporationId, srtPort });
  }

  async update(actor: Actor, id: string, body: UpdateSourceBody) {
    const row = await this.row(actor, id, 'write');
    const endpoint = body.endpoint
      ? this.endpointFor(row.type as CreateSourceBody['type'], body.endpoint)
      : undefined;
    if (body.mediaId !== undefined) await this.checkMedia(row.type, body.mediaId, row.workspaceId);
    this.checkWindow(
      body.maintenanceStart === undefined ? row.maintenanceStart?.toISOString() : body.maintenanceStart,
      body.maintenanceEnd === undefined ? row.maintenanceEnd?.toISOString() : body.maintenanceEnd,
    );
    const updated = (await this.repo.update(id, {
      ...body,
      endpoint,
      scheduledStart: date(body.scheduledStart),
      maintenanceStart: date(body.maintenanceStart),
      maintenanceEnd: date(body.maintenanceEnd),
    }))!;
    await this.changed(updated, 'updated');
    return this.present(updated);
  }

  async delete(actor: Actor, id: string) {
    await this.removeAll([await this.row(actor, id, 'write')]);
  }

  /** All or nothing: every id is checked as `delete` checks it before any is deleted. */
  async deleteMany(actor: Actor, ids: readonly string[]) {
    const rows = await checkEach(ids, (id) => this.row(actor, id, 'write'));
    await this.removeAll(rows);
    return { ids: rows.map((r) => r.id) };
  }

  /**
   * All or nothing: every id is checked as `update` checks it, then one statement changes them all, and
   * each changed source is announced and handed to the live plane as `update` does (`changed`).
   */
  async updateMany(actor: Actor, ids: readonly string[], changes: BulkUpdateSourcesBody['changes']) {
    const rows = await checkEach(ids, (id) => this.row(actor, id, 'write'));
    const updated = await this.repo.updateMany(
      rows.map((r) => r.id),
      changes,
    );
    for (const row of updated) await this.changed(row, 'updated');
    return { ids: rows.map((r) => r.id) };
  }

  private async removeAll(rows: SourceRow[]) {
    await this.repo.deleteMany(rows.map((r) => r.id));
    // After the rows are gone: a publish racing the delete is refused by the database check.
    for (const row of rows)
      await this.live.send({ type: 'source-removed', id: row.id, streamKey: row.streamKey });
    for (const row of rows) {
      this.events.changed({
        type: 'source',
        action: 'deleted',
        id: row.id,
        corporationId: row.corporationId,
        workspaceId: row.workspaceId,
      });
    }
  }

  /** A JPEG of the live picture, a few seconds old at most. */
  async preview(actor: Actor, id: string): Promise<Buffer> {
    const row = await this.row(actor, id, 'read');
    return this.previews.frame(row);
  }

  async streamKey(actor: Actor, id: string): Promise<StreamKey> {
    const row = await this.row(actor, id, 'write');
    const ingestUrl = this.ingestUrl(row);
    const publishUrl =
      ingestUrl === null
        ? null
        : row.type === 'rtmp'
          ? `${ingestUrl}/${row.streamKey}`
          : row.type === 'srt'
            ? `${ingestUrl}?passphrase=${row.streamKey}&pbkeylen=16`
            : null;
    return { streamKey: row.streamKey, ingestUrl, publishUrl };
  }

  /**
   * A new key. An encoder still using the old one is disconnected by the process it streams to, whose
   * session then ends (and writes the source offline) as every session does: nothing here writes live
   * state (issue 29).
   */
  async rotateKey(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'write');
    const updated = (await this.repo.update(id, { streamKey: randomSecret(18) }))!;
    this.announce(updated, 'updated');
    await this.live.send({ type: 'key-rotated', id, oldKey: row.streamKey });
    return this.streamKey(actor, id);
  }

  async byStreamKey(actor: Actor, key: string) {
    const row = await this.repo.byKey(key);
    if (!row) throw notFound('Source');
    return this.get(actor, row.id);
  }

  async setMeta(actor: Actor, id: string, meta: Record<string, string>) {
    const row = await this.row(actor, id, 'write');
    const updated = (await this.repo.update(id, { meta: { ...row.meta, ...meta } }))!;
    await this.changed(updated, 'updated');
    return this.present(updated);
  }

  async changed(row: SourceRow, action: 'created' | 'updated') {
    this.announce(row, action);
    await this.live.send({ type: 'source-changed', id: row.id });
  }

  private announce(row: SourceRow, action: 'created' | 'updated') {
    this.events.changed({
      type: 'source',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: this.present(row),
    });
  }

  private endpointFor(type: CreateSourceBody['type'], endpoint: StreamEndpoint | undefined): StreamEndpoint {
    if (type === 'srt') {
      if (endpoint && endpoint !== 'europe-srt')
        throw badRequest('endpoint', 'SRT sources use the Europe (SRT) endpoint');
      return 'europe-srt';
    }
    if (endpoint === 'europe-srt') throw badRequest('endpoint', 'Europe (SRT) is for SRT sources');
    return endpoint ?? 'europe';
  }

  /** A re-live source needs a media; any source may name only a media of its own workspace. */
  private async checkMedia(type: string, mediaId: string | null, workspaceId: string) {
    if (!mediaId) {
      if (type === 'relive') throw badRequest('mediaId', 'Selection required');
      return;
    }
    if (!(await this.medias.isInWorkspace(mediaId, workspaceId)))
      throw badRequest('mediaId', 'Media not found in this workspace');
  }

  private checkWindow(start: string | null | undefined, end: string | null | undefined) {
    if ((start && !end) || (!start && end))
      throw badRequest(start ? 'maintenanceEnd' : 'maintenanceStart', 'Required');
    if (start && end && new Date(end) <= new Date(start))
      throw badRequest('maintenanceEnd', 'Must be after the start');
  }

  private async freeSrtPort() {
    const used = await this.repo.usedSrtPorts();
    for (let p = this.config.srtPort; p < this.config.srtPort + SRT_PORT_RANGE; p++)
      if (!used.has(p)) return p;
    throw new AppError('INGEST_PORTS_EXHAUSTED', 'No free SRT ingest port left on this node');
  }
}
