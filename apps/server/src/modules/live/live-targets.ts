import { isPlatformSettings } from '@stromwerk/contracts/targets';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformLive } from '../../db/schema/streaming';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import type { TargetRow, TargetsRepository } from '../targets/targets.repository';
import type { UsageMeter } from '../usage/usage-meter';
import type { LeaseKeeper } from './lease-keeper';
import type { Fence } from './leases.repository';
import { TargetRunner, type TargetStatus } from './target-runner';

/** How long a target waits for its lease while another process gives it back. */
const TARGET_CLAIM_WAIT_MS = 10_000;

/** Going live through a social connection (modules/socials/social-live.service.ts). */
export interface PlatformGoLive {
  start(row: TargetRow): Promise<{ ingestUrl: string; live: PlatformLive | null }>;
  end(row: TargetRow, live: PlatformLive): Promise<void>;
}

/**
 * The push processes of the targets this process runs (one `TargetRunner` each). In a cluster a target
 * is pushed by one process only, the holder of its lease, and its state writes carry that lease's
 * fencing token (issue 19).
 */
export class LiveTargets {
  private readonly runners = new Map<string, TargetRunner>();
  /** State writes in flight: the process stops (and releases its leases) only after them. */
  private readonly writes = new Set<Promise<unknown>>();
  /** Pushes being stopped (their ffmpeg may take the grace time to exit): a stop of all waits for them. */
  private readonly ending = new Set<Promise<void>>();
  /** Platform targets whose live object is being created: a stop meanwhile cancels the push. */
  private readonly starting = new Map<string, { row: TargetRow; cancelled: boolean }>();
  /** Live objects created at a platform for the pushes running here: ended when they stop. */
  private readonly platformLives = new Map<string, { row: TargetRow; live: PlatformLive }>();
  stopping = false;

  constructor(
    private readonly deps: {
      config: Config;
      media: MediaRuntime;
      repo: TargetsRepository;
      events: EventBus;
      log: FastifyBaseLogger;
      leases: LeaseKeeper;
      meter?: UsageMeter;
      platform?: PlatformGoLive;
    },
  ) {}

  /** Every push running here. */
  all(): Iterable<TargetRunner> {
    return this.runners.values();
  }

  /** Whether a push runs here (or is being started at its platform). */
  has(id: string) {
    return this.runners.has(id) || this.starting.has(id);
  }
  /** The pushes running here for a workspace (their byte counters feed the Flowchart's stats). */
  runningIn(workspaceId: string): TargetRunner[] {
    return [...this.runners.values()].filter((r) => r.row.workspaceId === workspaceId);
  }

  async run(row: TargetRow, input: string) {
    if (this.runners.has(row.id) || this.starting.has(row.id)) return;
    // One push per target in the cluster: whoever holds its lease runs it (no duplicate pushes). When a
    // stream moved here, its previous process may still be giving the target back: wait for the lease a
    // while instead of leaving the target offline until the next event (seen in the chaos suite).
    const waiting = { row, cancelled: false };
    this.starting.set(row.id, waiting);
    let fence: Fence | undefined;
    try {
      fence = await this.deps.leases.want(
        'target',
        row.id,
        TARGET_CLAIM_WAIT_MS,
        () => waiting.cancelled || this.stopping,
      );
    } finally {
      if (this.starting.get(row.id) === waiting) this.starting.delete(row.id);
    }
    if (!fence || waiting.cancelled || this.runners.has(row.id) || this.stopping) return;
    const report = (status: TargetStatus) => {
      const write = this.save(row, status).catch((err) =>
        this.deps.log.warn({ err, targetId: row.id }, 'saving the target state failed'),
      );
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    };
    if (!this.deps.media.capabilities.ffmpeg) {
      report({
        state: 'not-connected',
        lastError: 'ffmpeg is not available on this server',
        onlineSince: null,
        bitrateKbps: null,
        restarts: 0,
      });
      return;
    }
    const pushRow = isPlatformSettings(row.settings) ? await this.goLive(row, report) : row;
    if (!pushRow) return;
    const runner = new TargetRunner(pushRow, input, this.deps.config.ffmpegPath, report, {
      allowPrivate: this.deps.config.targetAllowPrivate,
      pushed: (bytes) =>
        this.deps.meter?.add(
          { corporationId: row.corporationId, workspaceId: row.workspaceId },
          'egress_bytes',
          bytes,
        ),
      log: ({ targetId, reason }) => this.deps.log.warn({ targetId, reason }, 'target attempt failed'),
    });
    this.runners.set(row.id, runner);
    runner.start();
  }

  async stop(id: string) {
    await this.stopWhere((row) => row.id === id);
  }

  /**
   * A platform target: the platform's live object is created first, then pushed to at the ingest address
   * it answered. A failure shows on the target in the platform's words ("YouTube refused (403): ...").
   */
  private async goLive(row: TargetRow, report: (status: TargetStatus) => void) {
    const status = { onlineSince: null, bitrateKbps: null, restarts: 0 };
    const platform = this.deps.platform;
    if (!platform) {
      report({ ...status, state: 'not-connected', lastError: 'Going live through a connection is off here' });
      return undefined;
    }
    const entry = { row, cancelled: false };
    this.starting.set(row.id, entry);
    report({ ...status, state: 'almost-online', lastError: null });
    let started: Awaited<ReturnType<PlatformGoLive['start']>>;
    try {
      started = await platform.start(row);
    } catch (e) {
      report({ ...status, state: 'not-connected', lastError: (e as Error).message });
      return undefined;
    } finally {
      if (this.starting.get(row.id) === entry) this.starting.delete(row.id);
    }
    if (started.live) {
      this.platformLives.set(row.id, { row, live: started.live });
      await this.savePlatformLive(row, started.live);
    }
    if (entry.cancelled || this.stopping) {
      await this.endPlatform(row.id);
      return undefined;
    }
    return { ...row, settings: { type: 'rtmp' as const, url: started.ingestUrl, streamKey: '' } };
  }

  private async savePlatformLive(row: TargetRow, platformLive: PlatformLive | null) {
    const fence = this.deps.leases.fence('target', row.id);
    const updated = fence && (await this.deps.repo.updateFenced(row.id, { platformLive }, fence));
    if (updated) this.announce(row, { platformLive } as never);
  }

  /** Ends the platform's live object of a stopped push; a failure shows on the target. */
  private async endPlatform(id: string) {
    const entry = this.platformLives.get(id);
    if (!entry || !this.deps.platform) return;
    this.platformLives.delete(id);
    const { row, live } = entry;
    try {
      await this.deps.platform.end(row, live);
      await this.savePlatformLive(row, null);
    } catch (e) {
      this.deps.log.warn({ targetId: row.id, err: (e as Error).message }, 'ending the live object failed');
      await this.save(row, { lastError: (e as Error).message });
    }
  }

  async stopWhere(match: (row: TargetRow) => boolean) {
    for (const entry of this.starting.values()) if (match(entry.row)) entry.cancelled = true;
    const running = [...this.runners.entries()].filter(([, r]) => match(r.row));
    for (const [id] of running) this.runners.delete(id);
    await Promise.all(running.map(([, r]) => this.end(r)));
  }

  /** Every push stopped, including those a stream's end was still stopping, and their states written. */
  async stopAll() {
    await this.stopWhere(() => true);
    await Promise.all([...this.ending]);
    await Promise.all([...this.writes]);
  }

  /** Stops a push, writes its last state, and gives its lease back (another process may push it next). */
  private end(runner: TargetRunner) {
    const id = runner.row.id;
    const stopped = runner
      .stop()
      .then(() => this.endPlatform(id))
      .then(() => Promise.all([...this.writes]))
      .then(() =>
        this.runners.has(id) || this.starting.has(id) ? undefined : this.deps.leases.release('target', id),
      );
    this.ending.add(stopped);
    void stopped.finally(() => this.ending.delete(stopped)).catch(() => undefined);
    return stopped;
  }

  /** A target whose process is gone shows offline again, written under this process's new lease. */
  async correct(row: TargetRow, fence: Fence, announce: boolean) {
    // A live object a gone process left open at the platform is ended (YouTube, Facebook).
    if (row.platformLive && this.deps.platform) {
      const live = row.platformLive;
      void this.deps.platform
        .end(row, live)
        .then(() => this.deps.repo.updateFenced(row.id, { platformLive: null }, fence))
        .catch((err) =>
          this.deps.log.warn({ targetId: row.id, err: err.message }, 'ending a left live failed'),
        );
    }
    if (row.state === 'offline') return;
    const status = { state: 'offline' as const, onlineSince: null, bitrateKbps: null };
    if ((await this.deps.repo.updateFenced(row.id, status, fence)) && announce) this.announce(row, status);
  }

  private async save(row: TargetRow, status: Partial<TargetStatus>) {
    const fence = this.deps.leases.fence('target', row.id);
    const updated = fence && (await this.deps.repo.updateFenced(row.id, status, fence));
    if (updated) this.announce(row, status);
  }

  private announce(row: TargetRow, status: Partial<TargetStatus>) {
    this.deps.events.changed({
      type: 'target',
      action: 'updated',
      id: row.id,
      corporationId: row.corporationId,
      workspaceId: row.workspaceId,
      data: status,
    });
  }
}
