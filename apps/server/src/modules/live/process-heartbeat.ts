import type { FastifyBaseLogger } from 'fastify';
import { LOCK_APPLICATION_NAME, type LockSession } from '../../db/lock-session';
import { HUNG_AFTER_MS } from './lease-state';
import type { LeasesRepository } from './leases.repository';

export interface HeartbeatOptions {
  log: FastifyBaseLogger;
  /** Written into the heartbeat: what this process serves. */
  role: string;
  regions: string[];
  /** INTERNAL_URL: where the other processes reach this one (null: nowhere, nothing is passed on here). */
  internalUrl?: string;
  /** The media state written into the heartbeat, and whether live work may be taken now. */
  media: { readonly state: string; readonly ready: boolean };
  /** PostgreSQL: look for hung processes (PGlite is one process). */
  cluster: boolean;
  /**
   * A process is gone (its heartbeat stopped and its row was removed): what it did outside leases, such as
   * recording, is settled. Without a holder: every process before this one (PGlite at start).
   */
  processGone?(holder?: string): Promise<void>;
}

/**
 * This process's heartbeat (issue 29): a `live_processes` row naming its lock session's backend, renewed
 * every second from the main loop. The same round looks for processes whose heartbeat is older than
 * `HUNG_AFTER_MS` (hung: SIGSTOP, a frozen VM) and ends their lock sessions, so their leases become
 * orphans; a stall shorter than that is left alone.
 */
export class ProcessHeartbeat {
  private registeredAs: string | undefined;

  constructor(
    private readonly repo: LeasesRepository,
    private readonly session: LockSession,
    private readonly opts: HeartbeatOptions,
  ) {}

  /** Writes this process's row for the current lock session (a new session replaces the old row). */
  async register() {
    if (!this.session.up) return;
    const previous = this.registeredAs;
    this.registeredAs = this.session.holder;
    if (previous && previous !== this.registeredAs) await this.repo.removeProcess(previous).catch(() => {});
    await this.repo
      .registerProcess({
        holder: this.session.holder,
        role: this.opts.role,
        regions: this.opts.regions,
        backendPid: this.session.backendPid ?? null,
        mediaState: this.opts.media.state,
        internalUrl: this.opts.internalUrl ?? null,
      })
      .catch((err) => this.opts.log.warn({ err }, 'writing the process heartbeat failed'));
  }

  /** One round: renew, then end the lock sessions of hung processes. */
  async beat() {
    try {
      if (this.registeredAs && !(await this.repo.beat(this.registeredAs, this.opts.media.state)))
        await this.register();
      if (!this.opts.cluster) return;
      for (const p of await this.repo.silentProcesses(this.session.holder, HUNG_AFTER_MS)) {
        if (p.backendPid && (await this.repo.endLockSession(p.backendPid, LOCK_APPLICATION_NAME)))
          this.opts.log.warn({ holder: p.holder }, 'ended the lock session of a hung process');
        await this.repo.removeProcess(p.holder);
        await this.opts.processGone?.(p.holder);
      }
    } catch (err) {
      this.opts.log.warn({ err }, 'the process heartbeat failed');
    }
  }

  /** A stopping process leaves: others need not wait for its heartbeat to age. */
  async leave() {
    if (this.registeredAs) await this.repo.removeProcess(this.registeredAs).catch(() => {});
  }
}
