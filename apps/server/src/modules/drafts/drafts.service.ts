import type { PageQuery } from '@stromwerk/contracts/common';
import {
  type CreateDraftBody,
  type Draft,
  type DraftListQuery,
  draftOutputSchema,
  type PreviewDraftBody,
  type Timeline,
  timelineSchema,
  type UpdateDraftBody,
} from '@stromwerk/contracts/drafts';
import type { Job } from '@stromwerk/contracts/jobs';
import { copyBlockers } from '@stromwerk/media/draft-args';
import { draftDurationMs } from '@stromwerk/media/draft-graph';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { iso } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import { assertMediaFeature, type MediaStatus, rendersMp4 } from '../../lib/media-feature';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { JobsService } from '../jobs/jobs.service';
import type { MediasService } from '../medias/medias.service';
import type { DraftPreviews } from './draft-preview';
import { draftProblems, mediaIdsOf, sourceFacts } from './draft-sources';
import type { DraftRow, DraftsRepository } from './drafts.repository';

/**
 * Video Editor drafts (issue 15): saved with optimistic concurrency (a save names the revision it started
 * from; another save in between answers 409 DRAFT_CONFLICT), checked against the library on every read
 * (a draft whose media went is `broken`, never a failed render later), rendered by a `render-draft` job
 * into a new media from a snapshot of the timeline.
 */
export class DraftsService {
  constructor(
    readonly repo: DraftsRepository,
    private readonly access: AccessService,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    private readonly events: EventBus,
    private readonly log: FastifyBaseLogger,
    /** This process's ffmpeg, read at each request (it may still be detecting at start-up). */
    private readonly media: MediaStatus,
    private readonly previews: DraftPreviews,
  ) {
    events.onChange((e) => {
      const job = e.data as Job | undefined;
      if (e.type === 'job' && job?.type === 'render-draft' && job.draftId)
        void this.renderEnded(job).catch((err) => this.log.warn({ err }, 'draft render bookkeeping failed'));
    });
  }

  async present(row: DraftRow): Promise<Draft> {
    const library = await this.repo.mediaIn(row.workspaceId, mediaIdsOf(row.timeline));
    const problems = draftProblems(row.timeline, library);
    const sources = Object.fromEntries(library.map((m) => [m.id, { input: { url: '' }, ...sourceFacts(m) }]));
    const blockers =
      row.timeline.main.length === 0 ? ['empty main track'] : copyBlockers(row.timeline, sources);
    return {
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      name: row.name,
      status: problems.length > 0 ? 'broken' : (row.status as Draft['status']),
      revision: row.revision,
      timeline: row.timeline,
      output: row.output,
      durationMs: row.durationMs,
      problems,
      lossless: row.output.renderMode !== 'reencode' && blockers.length === 0,
      copyBlockers: blockers,
      lastRender: row.lastRender ?? null,
      createdBy: row.createdBy,
      updatedBy: row.updatedBy,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    };
  }

  private async row(actor: Actor, id: string, need: 'read' | 'write') {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Draft');
    await this.access.resource(actor, row.workspaceId, need, 'Draft');
    return row;
  }

  async list(actor: Actor, query: DraftListQuery & { corporationId?: string }) {
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return {
      items: await Promise.all(rows.map((r) => this.present(r))),
      total,
      limit: query.limit,
      offset: query.offset,
    };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { ...page, ...scope });
  }

  async get(actor: Actor, id: string) {
    return this.present(await this.row(actor, id, 'read'));
  }

  async create(actor: Actor, body: CreateDraftBody) {
    const { workspace } = await this.access.workspace(actor, body.workspaceId, 'write');
    let timeline: Timeline = body.timeline ?? timelineSchema.parse({});
    if (body.fromMediaIds?.length) {
      const found = await this.repo.mediaIn(body.workspaceId, body.fromMediaIds);
      const byId = new Map(found.map((m) => [m.id, m]));
      const main = body.fromMediaIds.map((mediaId, i) => {
        const m = byId.get(mediaId);
        if (!m?.durationMs) throw badRequest(`fromMediaIds.${i}`, 'Not a video of this workspace');
        return { id: `c${i + 1}`, mediaId, inMs: 0, outMs: m.durationMs };
      });
      timeline = timelineSchema.parse({ ...timeline, main: [...timeline.main, ...main] });
    }
    const row = await this.repo.insert({
      corporationId: workspace.corporationId,
      workspaceId: body.workspaceId,
      name: body.name,
      timeline,
      output: body.output ?? draftOutputSchema.parse({}),
      durationMs: draftDurationMs(timeline),
      createdBy: actor.user.id,
      updatedBy: actor.user.id,
    });
    this.changed(row, 'created');
    return this.present(row);
  }

  async update(actor: Actor, id: string, body: UpdateDraftBody) {
    const current = await this.row(actor, id, 'write');
    const stale = () =>
      new AppError('DRAFT_CONFLICT', `The draft was saved meanwhile: it is at revision ${current.revision}`, [
        { field: 'revision', message: `The current revision is ${current.revision}` },
      ]);
    if (body.revision !== current.revision) throw stale();
    const timeline = body.timeline ?? current.timeline;
    const row = await this.repo.updateAt(id, body.revision, {
      ...(body.name ? { name: body.name } : {}),
      timeline,
      output: body.output ?? current.output,
      durationMs: draftDurationMs(timeline),
      updatedBy: actor.user.id,
    });
    if (!row) throw stale();
    this.changed(row, 'updated');
    return this.present(row);
  }

  async delete(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'write');
    const job = row.lastRender?.jobId;
    if (job && row.status === 'rendering') await this.jobs.stop(job);
    await this.repo.delete(id);
    this.changed(row, 'deleted');
  }

  private assertCanRender() {
    assertMediaFeature(
      this.media,
      rendersMp4,
      'Rendering needs ffmpeg with libx264, which this server lacks',
    );
  }

  private brokenError(problems: Draft['problems']) {
    return new AppError(
      'DRAFT_BROKEN',
      `The draft cannot render: ${problems.map((p) => `${p.clipId}: ${p.message}`).join('; ')}`,
      problems.map((p) => ({ field: `clip ${p.clipId}`, message: p.message })),
    );
  }

  /**
   * The exact preview of the timeline and output the editor sends (saved or not): its media are looked up
   * in the draft's own workspace only, so another tenant's media id is a broken clip, never a file read.
   */
  async preview(actor: Actor, id: string, body: PreviewDraftBody) {
    const row = await this.row(actor, id, 'write');
    this.assertCanRender();
    if (body.timeline.main.length === 0)
      throw badRequest('timeline.main', 'Add a clip to the main track first');
    const library = await this.repo.mediaIn(row.workspaceId, mediaIdsOf(body.timeline));
    const problems = draftProblems(body.timeline, library);
    if (problems.length > 0) throw this.brokenError(problems);
    return this.previews.render(actor.user.id, body, library);
  }

  async render(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'write');
    this.assertCanRender();
    if (row.status === 'rendering') throw conflict('The draft is rendering already; cancel that job first');
    const draft = await this.present(row);
    if (row.timeline.main.length === 0)
      throw badRequest('timeline.main', 'Add a clip to the main track first');
    if (draft.problems.length > 0) throw this.brokenError(draft.problems);
    await this.medias.checkQuota(row.corporationId, 0);
    const job = await this.jobs.enqueueWork({
      type: 'render-draft',
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      payload: { draftId: row.id, revision: row.revision, timeline: row.timeline, output: row.output },
    });
    const updated = await this.repo.setRender(row.id, {
      status: 'rendering',
      lastRender: { jobId: job.id, mediaId: null, revision: row.revision, renderedAt: null },
    });
    if (updated) this.changed(updated, 'updated');
    return job;
  }

  /** The last render's job ended: the draft says so (rendered with its media, failed, or back to editing). */
  private async renderEnded(job: Job) {
    if (!['done', 'failed', 'cancelled'].includes(job.state)) return;
    const row = await this.repo.byId(job.draftId!);
    if (!row || row.lastRender?.jobId !== job.id) return;
    const status = job.state === 'done' ? 'rendered' : job.state === 'failed' ? 'failed' : 'editing';
    const updated = await this.repo.setRender(row.id, {
      status,
      lastRender: { ...row.lastRender, mediaId: job.resultMediaId, renderedAt: job.finishedAt },
    });
    if (updated) this.changed(updated, 'updated');
  }

  changed(row: DraftRow, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({
      type: 'draft',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: { revision: row.revision, status: row.status, name: row.name },
    });
  }
}
