import type { PageQuery } from '@stromwerk/contracts/common';
import type { CreateJobBody, Job, JobListQuery, JobState, JobType } from '@stromwerk/contracts/jobs';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import type { EventBus } from '../../lib/events';
import type { Actor } from '../../plugins/auth';
import type { AccessService } from '../access/access.service';
import type { MediaRow, MediasRepository } from '../medias/medias.repository';
import type { JobSignals } from './job-signals';
import type { JobRow, JobsRepository } from './jobs.repository';

export function toJob(row: JobRow): Job {
  return {
    id: row.id,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    type: row.type as JobType,
    state: row.state as JobState,
    mediaId: row.mediaId,
    draftId: (row.payload as { draftId?: string } | null)?.draftId ?? null,
    resultMediaId: row.resultMediaId,
    socialPostId: (row.payload as { postId?: string } | null)?.postId ?? null,
    resultUrl: row.resultUrl,
    progress: Math.round(row.progress * 10) / 10,
    etaSeconds: row.etaSeconds,
    error: row.error,
    attempts: row.attempts,
    maxAttempts: row.maxAttempts,
    priority: row.priority,
    startedAt: isoOrNull(row.startedAt),
    finishedAt: isoOrNull(row.finishedAt),
    cancelledAt: isoOrNull(row.cancelledAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

/** Thumbnails and uploads are not rendering: they neither count as render time nor wait for its quota. */
export const usesRenderTime = (type: string) => type !== 'thumbnail' && type !== 'social-post';

/** Refuses a new render once the corporation's monthly render minutes are used up (issue 17). */
export interface RenderAllowance {
  assertRenderAllowed(corporationId: string): Promise<void>;
}

/**
 * Spec section 7 "Jobs": the API over the job rows. Running them is the worker's (`job-worker.ts`). The
 * queue sits below the media library: the library enqueues and cancels, the queue only reads media rows
 * (so the two are built in that order, without a cycle).
 */
export class JobsService {
  constructor(
    readonly repo: JobsRepository,
    private readonly access: AccessService,
    private readonly medias: MediasRepository,
    private readonly events: EventBus,
    /** To this process's worker, when it has one: new work, and a cancel of a job it may run. */
    private readonly signals: JobSignals,
    private readonly renders: RenderAllowance,
  ) {}

  private async row(actor: Actor, id: string, need: 'read' | 'write') {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Job');
    await this.access.resource(actor, row.workspaceId, need, 'Job');
    return row;
  }

  async enqueue(o: { type: JobType; media: MediaRow; priority?: number }) {
    if (usesRenderTime(o.type)) await this.renders.assertRenderAllowed(o.media.corporationId!);
    const row = await this.repo.insert({
      corporationId: o.media.corporationId!,
      workspaceId: o.media.workspaceId!,
      type: o.type,
      mediaId: o.media.id,
      priority: o.priority ?? 0,
    });
    this.changed(row, 'created');
    this.signals.kick();
    return toJob(row);
  }

  /** A job that works on something other than one media (a draft render): its payload says what. */
  async enqueueWork(o: {
    type: JobType;
    corporationId: string;
    workspaceId: string;
    payload: Record<string, unknown>;
    /** The media it works on, when there is one (deleting the media cancels the job). */
    mediaId?: string;
    priority?: number;
  }) {
    if (usesRenderTime(o.type)) await this.renders.assertRenderAllowed(o.corporationId);
    const row = await this.repo.insert({ ...o, priority: o.priority ?? 0 });
    this.changed(row, 'created');
    this.signals.kick();
    return toJob(row);
  }

  async list(actor: Actor, query: JobListQuery & { corporationId?: string }) {
    if (query.workspaceId) await this.access.workspace(actor, query.workspaceId, 'read');
    if (query.corporationId) await this.access.corporation(actor, query.corporationId, 'read');
    const visible = await this.access.visibleWorkspaceIds(actor, query.corporationId);
    const { rows, total } = await this.repo.list(query, visible);
    return { items: rows.map(toJob), total, limit: query.limit, offset: query.offset };
  }

  listIn(actor: Actor, scope: { workspaceId: string } | { corporationId: string }, page: PageQuery) {
    return this.list(actor, { ...page, ...scope });
  }

  async get(actor: Actor, id: string) {
    return toJob(await this.row(actor, id, 'read'));
  }

  async create(actor: Actor, body: CreateJobBody) {
    if (body.type === 'social-post')
      throw new AppError('VALIDATION_FAILED', 'type: a post is made with POST /v1/post-social', [
        { field: 'type', message: 'a post is made with POST /v1/post-social' },
      ]);
    return this.enqueue({
      type: body.type,
      media: await this.mediaFor(actor, body.mediaId),
      priority: body.priority,
    });
  }

  /** The media a job is asked for: one that is missing or another tenant's is a bad `mediaId`. */
  private async mediaFor(actor: Actor, mediaId: string) {
    const missing = () =>
      new AppError('VALIDATION_FAILED', 'mediaId: Media not found', [
        { field: 'mediaId', message: 'Media not found' },
      ]);
    const row = await this.medias.byId(mediaId);
    if (!row) throw missing();
    await this.access.resource(actor, row.workspaceId!, 'write', 'Media').catch((e) => {
      throw e instanceof AppError && e.statusCode === 404 ? missing() : e;
    });
    return row;
  }

  async update(actor: Actor, id: string, priority: number) {
    await this.row(actor, id, 'write');
    const row = await this.repo.updateIf(id, 'queued', { priority });
    if (!row) throw conflict('Only a queued job can be changed');
    this.changed(row, 'updated');
    return toJob(row);
  }

  async delete(actor: Actor, id: string) {
    const row = await this.row(actor, id, 'write');
    if (row.state === 'running' || row.state === 'queued')
      throw conflict('Cancel the job before deleting it');
    await this.repo.delete(id);
    this.changed(row, 'deleted');
  }

  async cancel(actor: Actor, id: string) {
    await this.row(actor, id, 'write');
    const row = await this.stop(id);
    if (!row) throw conflict('The job has already ended');
    return toJob(row);
  }

  /**
   * Runs a failed or cancelled job again from its first attempt. Its handler decides what is kept: a social
   * post resumes its upload where the network left it.
   */
  async retry(actor: Actor, id: string) {
    await this.row(actor, id, 'write');
    const row = await this.repo.updateIf(id, ['failed', 'cancelled'], {
      state: 'queued',
      attempts: 0,
      progress: 0,
      etaSeconds: null,
      error: null,
      startedAt: null,
      finishedAt: null,
      cancelledAt: null,
      lockedBy: null,
    });
    if (!row) throw conflict('Only a failed or cancelled job can be run again');
    this.changed(row, 'updated');
    this.signals.kick();
    return toJob(row);
  }

  /** Marks the job cancelled while queued or running, then stops its process if this node runs it. */
  async stop(id: string) {
    const now = new Date();
    const row = await this.repo.updateIf(id, ['queued', 'running'], {
      state: 'cancelled',
      cancelledAt: now,
      finishedAt: now,
      etaSeconds: null,
    });
    if (!row) return undefined;
    this.signals.abort(id);
    this.changed(row, 'updated');
    return row;
  }

  /** A media about to be deleted: nothing may go on working on it. */
  async cancelForMedia(mediaId: string) {
    for (const job of await this.repo.forMedia(mediaId, ['queued', 'running'])) await this.stop(job.id);
  }

  changed(row: JobRow, action: 'created' | 'updated' | 'deleted') {
    this.events.changed({
      type: 'job',
      action,
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: toJob(row),
    });
  }
}
