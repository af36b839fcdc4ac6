import type { PageQuery } from '@stromwerk/contracts/common';
import type {
  BulkUpdateOutputsBody,
  CreateOutputBody,
  Output,
  OutputListQuery,
  OutputSettings,
  ProgramInput,
  UpdateOutputBody,
} from '@stromwerk/contracts/outputs';
import { badRequest, notFound } from '../../lib/app-error';
import { checkEach } from '../../lib/bulk';
import { iso } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { AccessService } from '../access/access.service';
import type { LiveEvents } from '../live/live-events';
import type { MediasRepository } from '../medias/medias.repository';
import type { SourcesRepository } from '../sources/sources.repository';
import type { UsageService } from '../usage/usage.service';
import type { OutputRow, OutputsRepository } from './outputs.repository';
import type { Viewers } from './viewers';

/** The settings that name a source or media of the player's workspace: an edit of one is checked first. */
const REFERENCES = ['mainSourceId', 'backupSourceId', 'fallbackMediaId', 'overlay'] as const;

/** Players & recorders (spec section 7 "/v1/outputs"): settings, passwords, statistics. */
export class OutputsService {
  constructor(
    private readonly usage: UsageService,
    private readonly config: Config,
    readonly repo: OutputsRepository,
    private readonly access: AccessService,
    private readonly events: EventBus,
    private readonly sources: SourcesRepository,
    private readonly medias: MediasRepository,
    /** Who watches: across every process on PostgreSQL (issue 19), in memory otherwise. */
    readonly viewers: Viewers,
    /** Changes the live plane must act on; never an engine (issue 29). */
    private readonly live: LiveEvents,
  ) {}

  present(row: OutputRow): Output {
    const playerUrl = `${this.config.publicUrl.replace(/\/$/, '')}/player/${row.id}`;
    return {
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      name: row.name,
      ...row.settings,
      // A row written before the ladder existed (migration 0024 fills it in; a row of a running older
      // process may still lack it).
      ladder: row.settings.ladder ?? [],
      passwordCount: row.passwords.length,
      input: row.input as ProgramInput,
      playerUrl,
      embedCode: `<iframe src="${playerUrl}" width="640" height="360" style="border:0" allow="autoplay; fullscreen" allowfullscreen></iframe>`,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  async row(actor: Actor, id: string, need: 'read' | 'write') {
    const found = await this.repo.byIdForAccess(id);
    if (!found) throw notFound('Output');
    await this.access.resourceOfRow(actor, found, need, 'Output');
    return found;
  }

  async list(actor: Actor, query: OutputListQuery & { corporationId?: string }) {
    if (query.workspaceId && !query.corporationId) {
      // One workspace: its page first, then the decision on the corporation its rows name (as sources).
      const { rows, total } = await this.repo.list(query, undefined);
      await this.access.workspaceList(actor, query.workspaceId, rows[0], 'read');
      return { items: rows.map((r) => this.present(r)), total, limit: query.limit, offset: query.offset };
    }
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return { items: rows.map((r) => this.present(r)), total, limit: query.limit, offset: query.offset };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { ...page, ...scope });
  }

  async get(actor: Actor, id: string) {
    return this.present(await this.row(actor, id, 'read'));
  }

  async create(actor: Actor, body: CreateOutputBody) {
    const workspace = await this.usage.writableWorkspaceWithRoom(
      actor,
      body.workspaceId,
      'outputs',
      'players',
    );
    const { workspaceId, name, passwords, ...settings } = body;
    await this.checkReferences(settings, workspaceId);
    const row = await this.repo.insert({
      corporationId: workspace.corporationId,
      workspaceId,
      name,
      settings,
      passwords,
    });
    await this.changed(row, 'created');
    return this.present(row);
  }

  /**
   * An edit that names no source or media needs no look-up first: it is written with the caller's
   * tenancy in its own statement, and only when that matched nothing is the row read and decided (its
   * 404, 403 or blocked answer, or a grant that changed in between). A rename or new passwords leave the
   * live plane alone: nothing there reads them (a recording takes the name it started with).
   */
  async update(actor: Actor, id: string, body: UpdateOutputBody) {
    const { name, passwords, ...changes } = body;
    const checked = REFERENCES.some((field) => field in changes);
    const scoped = checked
      ? undefined
      : await this.repo.editInScope(id, await this.access.scope(actor, 'write'), {
          name,
          passwords,
          changes,
        });
    const updated = scoped ?? (await this.updateChecked(actor, id, { name, passwords, changes }));
    await this.changed(updated, 'updated', Object.keys(changes).length > 0);
    return this.present(updated);
  }

  private async updateChecked(
    actor: Actor,
    id: string,
    { name, passwords, changes }: { name?: string; passwords?: string[]; changes: Partial<OutputSettings> },
  ) {
    const row = await this.row(actor, id, 'write');
    const settings = await this.merged(row, changes);
    return (await this.repo.edit(id, { name, passwords, settings }))!;
  }

  /**
   * "Edit selected": all or nothing. Every id is checked as `update` checks it, and the changes merged into
   * each player's own settings and checked there (a source or media of another workspace, main = backup),
   * before one transaction writes them all; then each player is announced and re-decided as `update` does.
   */
  async updateMany(actor: Actor, ids: readonly string[], changes: BulkUpdateOutputsBody['changes']) {
    const planned = await checkEach(ids, async (id) => {
      const row = await this.row(actor, id, 'write');
      return { id, values: { settings: await this.merged(row, changes) } };
    });
    const updated = await this.repo.updateEach(planned);
    for (const row of updated) await this.changed(row, 'updated');
    return { ids: planned.map((p) => p.id) };
  }

  /** A player's settings with `changes` applied, refused (400 naming the field) if they do not hold. */
  private async merged(row: OutputRow, changes: Partial<OutputSettings>): Promise<OutputSettings> {
    const settings: OutputSettings = { ...row.settings, ...changes };
    await this.checkReferences(settings, row.workspaceId, row.settings);
    return settings;
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

  private async removeAll(rows: OutputRow[]) {
    for (const row of rows) {
      await this.live.send({ type: 'output-removed', id: row.id });
      await this.viewers.drop(row.id);
    }
    await this.repo.deleteMany(rows.map((r) => r.id));
    for (const row of rows) {
      this.events.changed({
        type: 'output',
        action: 'deleted',
        id: row.id,
        corporationId: row.corporationId,
        workspaceId: row.workspaceId,
      });
    }
  }

  async passwords(actor: Actor, id: string) {
    return { passwords: (await this.row(actor, id, 'write')).passwords };
  }

  async statistics(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'read');
    const current = (await this.viewers.counts([id])).get(id) ?? 0;
    return {
      currentViewers: current,
      peakViewers: Math.max(row.peakViewers, current),
      views: row.views,
      watchSeconds: row.watchSeconds,
    };
  }

  /** Announces a committed change; `decide` false when the program engine itself made it. */
  async changed(row: OutputRow, action: 'created' | 'updated', decide = true) {
    this.events.changed({
      type: 'output',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: { input: row.input, name: row.name },
    });
    if (decide) await this.live.send({ type: 'output-changed', id: row.id });
  }

  /**
   * The sources and media `s` names are in the player's workspace. On an edit (`before`: the settings it
   * had), only a reference the edit changes is looked up: a rename does not read the sources again (issue
   * 32), nor is it refused for a source deleted since, which the player shows as offline.
   */
  private async checkReferences(s: OutputSettings, workspaceId: string, before?: OutputSettings) {
    for (const field of ['mainSourceId', 'backupSourceId'] as const) {
      const id = s[field];
      if (!id || id === before?.[field]) continue;
      if (!(await this.sources.isInWorkspace(id, workspaceId)))
        throw badRequest(field, 'Source not found in this workspace');
    }
    if (s.mainSourceId && s.mainSourceId === s.backupSourceId)
      throw badRequest('backupSourceId', 'The backup ingest must differ from the main ingest');
    for (const [field, id, was] of [
      ['fallbackMediaId', s.fallbackMediaId, before?.fallbackMediaId],
      ['overlay.mediaId', s.overlay?.mediaId, before?.overlay?.mediaId],
    ] as const) {
      if (!id || id === was) continue;
      if (!(await this.medias.isInWorkspace(id, workspaceId)))
        throw badRequest(field, 'Media not found in this workspace');
    }
  }
}
