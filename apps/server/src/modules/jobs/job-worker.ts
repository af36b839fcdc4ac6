/**
 * The job worker of one server process. State: the jobs this process runs (id -> AbortController).
 *
 * - Claims queued rows with FOR UPDATE SKIP LOCKED (the repository), so any number of processes on one
 *   PostgreSQL share the queue without running a job twice; `concurrency` jobs at a time here.
 * - Keeps `heartbeat_at` of its running jobs fresh and, on the same beat, notices a job cancelled by
 *   another process (the row says cancelled) and stops it.
 * - Recovers orphans: running rows whose process died (kill -9, power loss). On the embedded database
 *   only one process exists, so at start every running row is an orphan; on PostgreSQL a row is an orphan
 *   once its heartbeat is older than `staleMs`. An orphan is queued again while attempts remain, else
 *   failed with the reason; none stays running forever.
 * - Claims nothing while this process's ffmpeg is being detected (media-runtime.ts: a probe that timed
 *   out is asked again): a job taken then would fail for a reason that is not the job's. It starts
 *   claiming once detection settles. With ffmpeg absent it claims as it always did: jobs that need no
 *   ffmpeg (social posts) run, the others fail with their reason.
 */
import { hostname } from 'node:os';
import type { JobType } from '@stromwerk/contracts/jobs';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { UsageMeter } from '../usage/usage-meter';
import type { JobRunner, JobSignals } from './job-signals';
import type { JobRow, JobsRepository } from './jobs.repository';
import { type JobsService, usesRenderTime } from './jobs.service';

export interface JobContext {
  job: JobRow;
  signal: AbortSignal;
  /** fraction 0..1; written at most once a second. */
  progress(fraction: number, etaSeconds?: number | null): void;
}
export type JobResult = { resultMediaId?: string; resultUrl?: string } | undefined;
export type JobHandler = (ctx: JobContext) => Promise<JobResult>;
export interface JobHandlerSet {
  handlers: Record<JobType, JobHandler>;
  /** Called when a job ends failed or cancelled, to remove what it left. */
  cleanup(job: JobRow): Promise<void>;
}

export interface WorkerOptions {
  concurrency?: number;
  pollMs?: number;
  heartbeatMs?: number;
  staleMs?: number;
  /** Every running row is an orphan at start (a single-process database). */
  recoverAllAtStart: boolean;
}

/** What the worker is built from (build-services.ts); it starts claiming only once started (app.ts). */
export interface JobWorkerDeps {
  repo: JobsRepository;
  service: JobsService;
  set: JobHandlerSet;
  /** The jobs service's signals: new work, cancels. Listened to from start to stop. */
  signals: JobSignals;
  /** Render time (wall time of every job but thumbnails) is metered per workspace (issue 17). */
  meter: UsageMeter;
  /** This process's ffmpeg: no job is claimed while it is being detected. */
  media: Pick<MediaRuntime, 'state' | 'onSettled'>;
  log: FastifyBaseLogger;
}

export class JobWorker implements JobRunner {
  readonly id = `${hostname()}:${process.pid}:${Math.random().toString(36).slice(2, 8)}`;
  private readonly running = new Map<string, AbortController>();
  private readonly timers: NodeJS.Timeout[] = [];
  private ticking = false;
  private again = false;
  private stopped = false;
  private readonly unsubscribe: (() => void)[] = [];
  private readonly repo: JobsRepository;
  private readonly service: JobsService;
  private readonly set: JobHandlerSet;
  private readonly log: FastifyBaseLogger;
  private readonly o: Required<WorkerOptions>;

  constructor(
    private readonly deps: JobWorkerDeps,
    options: WorkerOptions,
  ) {
    this.repo = deps.repo;
    this.service = deps.service;
    this.set = deps.set;
    this.log = deps.log;
    this.o = { concurrency: 2, pollMs: 2000, heartbeatMs: 2000, staleMs: 15_000, ...options };
  }

  async start() {
    this.unsubscribe.push(this.deps.signals.listen(this));
    await this.recover(this.o.recoverAllAtStart ? 'all' : this.o.staleMs);
    this.unsubscribe.push(this.deps.media.onSettled(() => this.kick()));
    this.timers.push(setInterval(() => this.kick(), this.o.pollMs));
    this.timers.push(setInterval(() => void this.beat(), this.o.heartbeatMs));
    this.timers.push(setInterval(() => void this.recover(this.o.staleMs), this.o.staleMs));
    this.kick();
  }

  /** Graceful stop: running jobs are handed back to the queue (not counted as an attempt). */
  async stop() {
    this.stopped = true;
    for (const off of this.unsubscribe.splice(0)) off();
    for (const t of this.timers) clearInterval(t);
    const ids = [...this.running.keys()];
    for (const c of this.running.values()) c.abort(new Error('server stopping'));
    for (const id of ids) {
      const job = await this.repo.byId(id);
      if (!job) continue;
      await this.set.cleanup(job).catch(() => {});
      await this.repo.updateIf(id, 'running', {
        state: 'queued',
        attempts: Math.max(0, job.attempts - 1),
        lockedBy: null,
      });
    }
  }

  kick() {
    if (this.stopped) return;
    if (this.ticking) {
      this.again = true;
      return;
    }
    this.ticking = true;
    void this.fill()
      .catch((e) => this.log.error({ err: e }, 'job claim failed'))
      .finally(() => {
        this.ticking = false;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  abort(jobId: string) {
    this.running.get(jobId)?.abort(new Error('cancelled'));
  }

  private async fill() {
    if (this.deps.media.state === 'detecting') return;
    while (!this.stopped && this.running.size < this.o.concurrency) {
      const job = await this.repo.claim(this.id);
      if (!job) return;
      this.service.changed(job, 'updated');
      void this.run(job);
    }
  }

  private async run(job: JobRow) {
    const controller = new AbortController();
    this.running.set(job.id, controller);
    const began = Date.now();
    let lastWrite = 0;
    const progress = (fraction: number, etaSeconds: number | null = null) => {
      const now = Date.now();
      if (now - lastWrite < 1000 || controller.signal.aborted) return;
      lastWrite = now;
      const pct = Math.max(0, Math.min(99.9, fraction * 100));
      void this.repo
        .updateIf(job.id, 'running', {
          progress: pct,
          etaSeconds: etaSeconds === null ? null : Math.round(etaSeconds),
        })
        .then((row) => row && this.service.changed(row, 'updated'));
    };
    try {
      const handler = this.set.handlers[job.type as JobType];
      if (!handler) throw new Error(`Unknown job type ${job.type}`);
      const result = await handler({ job, signal: controller.signal, progress });
      if (controller.signal.aborted) throw controller.signal.reason;
      const done = await this.repo.updateIf(job.id, 'running', {
        state: 'done',
        progress: 100,
        etaSeconds: null,
        error: null,
        finishedAt: new Date(),
        lockedBy: null,
        resultMediaId: result?.resultMediaId ?? null,
        resultUrl: result?.resultUrl ?? null,
      });
      if (done) this.service.changed(done, 'updated');
    } catch (e) {
      await this.failed(job, controller.signal.aborted, e);
    } finally {
      this.running.delete(job.id);
      if (usesRenderTime(job.type))
        this.deps.meter.add(
          { corporationId: job.corporationId, workspaceId: job.workspaceId },
          'render_seconds',
          (Date.now() - began) / 1000,
        );
      this.kick();
    }
  }

  private async failed(job: JobRow, aborted: boolean, e: unknown) {
    await this.set.cleanup(job).catch((err) => this.log.warn({ err }, 'job clean-up failed'));
    if (aborted || this.stopped) return; // cancelled (the row says so already) or handed back by stop()
    const reason = e instanceof Error ? e.message : String(e);
    this.log.warn({ jobId: job.id, type: job.type, reason }, 'job failed');
    const row = await this.repo.updateIf(job.id, 'running', {
      state: 'failed',
      error: reason.slice(0, 2000),
      etaSeconds: null,
      finishedAt: new Date(),
      lockedBy: null,
    });
    if (row) this.service.changed(row, 'updated');
  }

  /** Heartbeat for our jobs; a row cancelled elsewhere stops its process here. */
  private async beat() {
    const ids = [...this.running.keys()];
    if (ids.length === 0) return;
    try {
      await this.repo.heartbeat(ids);
      for (const id of ids) {
        const row = await this.repo.byId(id);
        if (row?.state !== 'running') this.abort(id);
      }
    } catch (err) {
      this.log.warn({ err }, 'job heartbeat failed');
    }
  }

  private async recover(staleMs: number | 'all') {
    if (this.stopped) return;
    try {
      for (const job of await this.repo.orphans(staleMs)) {
        if (this.running.has(job.id)) continue;
        await this.set.cleanup(job).catch(() => {});
        const retry = job.attempts < job.maxAttempts;
        const row = await this.repo.updateIf(job.id, 'running', {
          state: retry ? 'queued' : 'failed',
          lockedBy: null,
          etaSeconds: null,
          error: retry
            ? 'Interrupted: the server running it stopped; retrying'
            : `Interrupted ${job.attempts} times: the server running it stopped`,
          ...(retry ? {} : { finishedAt: new Date() }),
        });
        if (row) {
          this.log.warn({ jobId: job.id, retry }, 'recovered an interrupted job');
          this.service.changed(row, 'updated');
        }
      }
      this.kick();
    } catch (err) {
      this.log.warn({ err }, 'job recovery failed');
    }
  }
}
