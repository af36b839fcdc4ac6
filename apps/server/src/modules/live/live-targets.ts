import type { MediaCapabilities } from '@stromwerk/media/capabilities';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import type { TargetRow, TargetsRepository } from '../targets/targets.repository';
import type { UsageMeter } from '../usage/usage-meter';
import type { LeaseKeeper } from './lease-keeper';
import type { Fence } from './leases.repository';
import { TargetRunner, type TargetStatus } from './target-runner';

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
  stopping = false;

  constructor(
    private readonly deps: {
      config: Config;
      capabilities: MediaCapabilities;
      repo: TargetsRepository;
      events: EventBus;
      log: FastifyBaseLogger;
      leases: LeaseKeeper;
      meter?: UsageMeter;
    },
  ) {}

  /** Every push running here. */
  all(): Iterable<TargetRunner> {
    return this.runners.values();
  }

  has(id: string) {
    return this.runners.has(id);
  }
  /** The pushes running here for a workspace (their byte counters feed the Flowchart's stats). */
  runningIn(workspaceId: string): TargetRunner[] {
    return [...this.runners.values()].filter((r) => r.row.workspaceId === workspaceId);
  }

  async run(row: TargetRow, input: string) {
    if (this.runners.has(row.id)) return;
    // One push per target in the cluster: whoever holds its lease runs it (no duplicate pushes).
    if (!(await this.deps.leases.claim('target', row.id)) || this.runners.has(row.id) || this.stopping)
      return;
    const report = (status: TargetStatus) => {
      const write = this.save(row, status).catch((err) =>
        this.deps.log.warn({ err, targetId: row.id }, 'saving the target state failed'),
      );
      this.writes.add(write);
      void write.finally(() => this.writes.delete(write));
    };
    if (!this.deps.capabilities.ffmpeg) {
      report({
        state: 'not-connected',
        lastError: 'ffmpeg is not available on this server',
        onlineSince: null,
        bitrateKbps: null,
        restarts: 0,
      });
      return;
    }
    const runner = new TargetRunner(row, input, this.deps.config.ffmpegPath, report, {
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

  async stopWhere(match: (row: TargetRow) => boolean) {
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

  private end(runner: TargetRunner) {
    const stopped = runner.stop();
    this.ending.add(stopped);
    void stopped.finally(() => this.ending.delete(stopped)).catch(() => undefined);
    return stopped;
  }

  /** A target whose process is gone shows offline again, written under this process's new lease. */
  async correct(row: TargetRow, fence: Fence, announce: boolean) {
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
