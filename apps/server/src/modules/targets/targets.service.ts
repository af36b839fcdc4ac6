import type { PageQuery } from '@stromwerk/contracts/common';
import {
  type CreateTargetBody,
  isPlatformSettings,
  type PlatformTargetSettings,
  type TargetListQuery,
  type TargetSettings,
  type UpdateTargetBody,
} from '@stromwerk/contracts/targets';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import { checkEach } from '../../lib/bulk';
import type { EventBus } from '../../lib/events';
import { grants } from '../../lib/permissions';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { LiveEvents } from '../live/live-events';
import type { SourcesRepository } from '../sources/sources.repository';
import type { UsageService } from '../usage/usage.service';
import { endpointOf, PRIVATE_REFUSED, publicAddresses, TargetAddressError } from './target-policy';
import { type TargetRow, type TargetsRepository, toTarget } from './targets.repository';

const MASK = '********';

/** A masked secret sent back unchanged by a form keeps the stored one. */
function keepSecrets(next: TargetSettings, prev: TargetSettings): TargetSettings {
  if (next.type !== prev.type) return next;
  if (next.type === 'rtmp' && prev.type === 'rtmp' && next.streamKey === MASK)
    return { ...next, streamKey: prev.streamKey };
  if (next.type === 'srt' && prev.type === 'srt' && next.passphrase === MASK)
    return { ...next, passphrase: prev.passphrase };
  if (next.type === 'icecast' && prev.type === 'icecast' && next.password === MASK)
    return { ...next, password: prev.password };
  return next;
}

/** Whether a platform target may be saved with its connection (socials/social-shares.service.ts). */
export interface SocialBinding {
  assertBindable(
    actor: Actor,
    settings: PlatformTargetSettings,
    workspace: { id: string; corporationId: string },
  ): Promise<void>;
}

export class TargetsService {
  constructor(
    private readonly usage: UsageService,
    readonly repo: TargetsRepository,
    private readonly sources: SourcesRepository,
    private readonly access: AccessService,
    private readonly events: EventBus,
    /** Changes the live plane must act on; never an engine (issue 29). */
    private readonly live: LiveEvents,
    private readonly socialBinding: SocialBinding,
    private readonly policy: { allowPrivate: boolean } = { allowPrivate: false },
  ) {}

  private async row(actor: Actor, id: string, need: 'read' | 'write') {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Target');
    const { permissions } = await this.access.resource(actor, row.workspaceId, need, 'Target');
    return { row, canWrite: grants(permissions, 'write') };
  }

  async list(actor: Actor, query: TargetListQuery & { corporationId?: string }) {
    if (query.workspaceId && !query.corporationId) {
      // One workspace: its page first, then the decision on the corporation its rows name (as sources).
      const { rows, total } = await this.repo.list(query, undefined);
      const permissions = await this.access.workspaceList(actor, query.workspaceId, rows[0], 'read');
      const canWrite = grants(permissions, 'write');
      return {
        items: rows.map((r) => toTarget(r, canWrite)),
        total,
        limit: query.limit,
        offset: query.offset,
      };
    }
    let canWrite = actor.user.isAdmin;
    if (query.workspaceId)
      canWrite = grants((await this.access.workspace(actor, query.workspaceId, 'read')).permissions, 'write');
    if (query.corporationId)
      canWrite = grants(
        (await this.access.corporation(actor, query.corporationId, 'read')).permissions,
        'write',
      );
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return { items: rows.map((r) => toTarget(r, canWrite)), total, limit: query.limit, offset: query.offset };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { ...page, ...scope });
  }

  async get(actor: Actor, id: string) {
    const { row, canWrite } = await this.row(actor, id, 'read');
    return toTarget(row, canWrite);
  }

  async create(actor: Actor, body: CreateTargetBody) {
    const workspace = await this.usage.writableWorkspaceWithRoom(
      actor,
      body.workspaceId,
      'targets',
      'targets',
    );
    await this.checkFeed(body, workspace.id);
    await this.checkSettings(actor, body.settings, workspace);
    const row = await this.repo.insert({
      corporationId: workspace.corporationId,
      workspaceId: workspace.id,
      name: body.name,
      type: body.settings.type,
      enabled: body.enabled,
      sourceId: body.sourceId,
      outputId: body.outputId,
      settings: body.settings,
      boundBy: isPlatformSettings(body.settings) ? actor.user.id : null,
    });
    await this.changed(row, 'created');
    return toTarget(row, true);
  }

  async update(actor: Actor, id: string, body: UpdateTargetBody) {
    const { row } = await this.row(actor, id, 'write');
    await this.checkFeed(
      {
        sourceId: body.sourceId !== undefined ? body.sourceId : body.outputId ? null : row.sourceId,
        outputId: body.outputId !== undefined ? body.outputId : body.sourceId ? null : row.outputId,
      },
      row.workspaceId,
    );
    // Choosing one feed clears the other.
    const changes: UpdateTargetBody = body.sourceId
      ? { ...body, outputId: null }
      : body.outputId
        ? { ...body, sourceId: null }
        : body;
    const settings = changes.settings ? keepSecrets(changes.settings, row.settings) : undefined;
    if (settings)
      await this.checkSettings(actor, settings, { id: row.workspaceId, corporationId: row.corporationId });
    const boundBy = settings ? (isPlatformSettings(settings) ? actor.user.id : null) : undefined;
    const updated = (await this.repo.update(id, { ...changes, settings, type: settings?.type, boundBy }))!;
    await this.changed(updated, 'updated');
    return toTarget(updated, true);
  }

  async delete(actor: Actor, id: string) {
    await this.removeAll([(await this.row(actor, id, 'write')).row]);
  }

  /** All or nothing: every id is checked as `delete` checks it before any is deleted. */
  async deleteMany(actor: Actor, ids: readonly string[]) {
    const rows = await checkEach(ids, async (id) => (await this.row(actor, id, 'write')).row);
    await this.removeAll(rows);
    return { ids: rows.map((r) => r.id) };
  }

  private async removeAll(rows: TargetRow[]) {
    for (const row of rows) await this.live.send({ type: 'target-removed', id: row.id });
    await this.repo.deleteMany(rows.map((r) => r.id));
    for (const row of rows) {
      this.events.changed({
        type: 'target',
        action: 'deleted',
        id: row.id,
        corporationId: row.corporationId,
        workspaceId: row.workspaceId,
      });
    }
  }

  private async changed(row: TargetRow, action: 'created' | 'updated') {
    this.events.changed({
      type: 'target',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
    });
    await this.live.send({ type: 'target-changed', id: row.id });
  }

  /** A platform target's connection must be usable here; any other target's receiver passes the policy. */
  private async checkSettings(
    actor: Actor,
    settings: TargetSettings,
    workspace: { id: string; corporationId: string },
  ) {
    if (!isPlatformSettings(settings)) return this.checkAddress(settings);
    await this.socialBinding.assertBindable(actor, settings, workspace);
  }

  /**
   * Target policy: only public receivers unless TARGET_ALLOW_PRIVATE. A name that does not resolve now is
   * accepted (it is checked again before every connection); one that resolves to a refused address is not.
   */
  private async checkAddress(settings: Exclude<TargetSettings, PlatformTargetSettings>) {
    if (this.policy.allowPrivate) return;
    const { host, field } = endpointOf(settings);
    try {
      await publicAddresses(host);
    } catch (e) {
      if (e instanceof TargetAddressError && e.refused) {
        throw new AppError('TARGET_ADDRESS_REFUSED', `${field}: ${PRIVATE_REFUSED}`, [
          { field, message: PRIVATE_REFUSED },
        ]);
      }
    }
  }

  private async checkFeed(feed: { sourceId?: string | null; outputId?: string | null }, workspaceId: string) {
    if (feed.sourceId && feed.outputId)
      throw badRequest('outputId', 'A target takes one feed: a source or a player, not both');
    if (feed.sourceId) {
      const source = await this.sources.byId(feed.sourceId);
      if (!source || source.workspaceId !== workspaceId)
        throw badRequest('sourceId', 'Source not found in this workspace');
    }
    if (feed.outputId) {
      if ((await this.repo.workspaceOfOutput(feed.outputId)) !== workspaceId)
        throw badRequest('outputId', 'Player not found in this workspace');
    }
  }
}
