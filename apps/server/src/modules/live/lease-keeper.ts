import type { LockSession } from '../../db/lock-session';
import {
  claimOutcome,
  type Fence,
  HEARTBEAT_MS,
  IDLE_CHECK_MS,
  type LeaseKind,
  leaseKey,
  lockKeyOf,
  ORPHAN_SCAN_MS,
  parseLeaseKey,
} from './lease-state';
import type { LeasesRepository } from './leases.repository';
import { type HeartbeatOptions, ProcessHeartbeat } from './process-heartbeat';

export interface LeaseHooks {
  /** This process lost the lease (its lock session ended): stop at once and write nothing. */
  lost(id: string): void | Promise<void>;
  /**
   * Nobody holds the lease's lock: its owner died, was evicted, or handed it over. Called on every scan
   * while it stays an orphan; `seenForMs` says how long this process has seen it so (a reconnect grace).
   */
  orphaned(id: string, seenForMs: number): void | Promise<void>;
  /**
   * Whether this process still runs anything for the lease. A lease held for nothing twice in a row is
   * given back: a safety net under the owners' own releases, so a missed one never blocks the thing.
   */
  inUse(id: string): boolean;
}

/** Everything the heartbeat needs (process-heartbeat.ts); PostgreSQL also means scanning for orphans. */
export type LeaseKeeperOptions = HeartbeatOptions;

/**
 * The leases this process holds (issues 19, 29; the rules are `lease-state.ts`). A claim takes the
 * thing's advisory lock on the lock session, then writes the row with its fencing token. Timers: every
 * `ORPHAN_SCAN_MS` it asks which leases lost their holder (the owner kinds decide what to do), every
 * `HEARTBEAT_MS` it renews this process's heartbeat and ends the lock session of any process whose
 * heartbeat is older than `HUNG_AFTER_MS`. A lost lock session loses every lease at once: the owners are
 * told, and the next session claims under a new holder name.
 */
export class LeaseKeeper {
  private readonly kinds = new Map<LeaseKind, LeaseHooks>();
  private readonly held = new Map<string, { token: number; lockKey: bigint; holder: string }>();
  private readonly orphanSince = new Map<string, number>();
  private readonly busy = new Set<string>();
  /** Leases seen unused at the last idle check (released when seen unused again). */
  private unused = new Set<string>();
  private timers: NodeJS.Timeout[] = [];
  private scanning = false;
  private stopped = false;
  private readonly heartbeat: ProcessHeartbeat;

  constructor(
    private readonly repo: LeasesRepository,
    private readonly session: LockSession,
    private readonly opts: LeaseKeeperOptions,
  ) {
    this.heartbeat = new ProcessHeartbeat(repo, session, opts);
    session.onChange((up) => {
      if (!up) void this.sessionLost();
      else if (!this.stopped) void this.heartbeat.register();
    });
  }

  /** Whether the lock session is connected (readiness). */
  get sessionUp() {
    return this.session.up;
  }

  /** The holder name of the current lock session (written into every lease row taken with it). */
  get me() {
    return this.session.holder;
  }

  handle(kind: LeaseKind, hooks: LeaseHooks) {
    this.kinds.set(kind, hooks);
  }

  fence(kind: LeaseKind, id: string): Fence | undefined {
    const lease = this.held.get(leaseKey(kind, id));
    return lease && { holder: lease.holder, token: lease.token };
  }

  /** Every lease held now, as kind and id. */
  heldLeases() {
    return [...this.held.keys()].map(parseLeaseKey);
  }

  /**
   * Takes the lease of a thing, or answers the one already held; undefined when another live session
   * holds it, the lock session is down, or (unless `correction`) this process's media is not ready: a
   * process that cannot stream takes no stream (issue 29). `correction`: only to write the state of an
   * orphan (offline) and release it at once.
   */
  async claim(kind: LeaseKind, id: string, opts: { correction?: boolean } = {}): Promise<Fence | undefined> {
    const key = leaseKey(kind, id);
    const current = this.held.get(key);
    if (current) return { holder: current.holder, token: current.token };
    if (this.stopped || !this.session.up || (!opts.correction && !this.opts.media.ready)) return undefined;
    const lockKey = lockKeyOf(kind, id);
    const holder = this.session.holder;
    if (!(await this.session.tryLock(lockKey))) return undefined;
    // The session may have changed while asking (a new holder name): that lock is not this one.
    if (holder !== this.session.holder) return undefined;
    const { token, previousHolder } = await this.repo.claim(kind, id, holder, lockKey);
    this.held.set(key, { token, lockKey, holder });
    this.orphanSince.delete(key);
    if (claimOutcome(previousHolder, holder) === 'taken-over')
      this.opts.log.info({ kind, id, from: previousHolder, token }, 'took over a live lease');
    return { holder, token };
  }

  /** Claims again every scan interval until granted, `giveUp()` says so, or `withinMs` has passed. */
  async want(
    kind: LeaseKind,
    id: string,
    withinMs: number,
    giveUp: () => boolean = () => false,
  ): Promise<Fence | undefined> {
    const until = Date.now() + withinMs;
    for (;;) {
      const fence = await this.claim(kind, id);
      if (fence || giveUp() || this.stopped || Date.now() >= until) return fence;
      await new Promise((r) => setTimeout(r, ORPHAN_SCAN_MS));
    }
  }

  /** Gives the lease up for good (row deleted, lock dropped): nothing is left to correct. */
  async release(kind: LeaseKind, id: string) {
    const key = leaseKey(kind, id);
    const lease = this.held.get(key);
    if (!lease) return;
    this.held.delete(key);
    await this.repo
      .release(kind, id, { holder: lease.holder, token: lease.token })
      .catch((err) => this.opts.log.warn({ err, kind, id }, 'releasing a live lease failed'));
    await this.session.unlock(lease.lockKey);
  }

  /** Drops the lock but keeps the row: the thing is an orphan that a successor takes over and continues. */
  async handOver(kind: LeaseKind, id: string) {
    const key = leaseKey(kind, id);
    const lease = this.held.get(key);
    if (!lease) return;
    this.held.delete(key);
    await this.session.unlock(lease.lockKey);
  }

  async start() {
    // PGlite is one process: whatever a previous run held is held by nobody now.
    if (!this.opts.cluster) {
      await this.repo.clearAll();
      await this.opts.processGone?.();
    }
    await this.session.start();
    await this.heartbeat.register();
    const every = (ms: number, run: () => Promise<void>) => {
      const t = setInterval(() => void run(), ms);
      t.unref();
      this.timers.push(t);
    };
    every(HEARTBEAT_MS, () => this.heartbeat.beat());
    every(IDLE_CHECK_MS, () => this.releaseUnused());
    if (this.opts.cluster) every(ORPHAN_SCAN_MS, () => this.scan());
  }

  async stop() {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    await this.heartbeat.leave();
    // Every lock still held goes with the session: those leases are orphans for a successor.
    this.held.clear();
    await this.session.close();
  }

  /** One look for orphans; each kind's owner decides whether to take one over. */
  private async scan() {
    if (this.scanning || this.stopped || !this.session.up) return;
    this.scanning = true;
    try {
      const now = Date.now();
      const seen = new Set<string>();
      for (const o of await this.repo.orphans()) {
        const key = leaseKey(o.kind, o.thingId);
        seen.add(key);
        const since = this.orphanSince.get(key) ?? now;
        this.orphanSince.set(key, since);
        const hooks = this.kinds.get(o.kind);
        if (!hooks || this.busy.has(key) || this.held.has(key)) continue;
        this.busy.add(key);
        void Promise.resolve(hooks.orphaned(o.thingId, now - since))
          .catch((err) => this.opts.log.warn({ err, ...o }, 'taking over an orphaned lease failed'))
          .finally(() => this.busy.delete(key));
      }
      for (const key of this.orphanSince.keys()) if (!seen.has(key)) this.orphanSince.delete(key);
    } catch (err) {
      this.opts.log.warn({ err }, 'looking for orphaned live leases failed');
    } finally {
      this.scanning = false;
    }
  }

  private async releaseUnused() {
    const unused = new Set<string>();
    for (const [key] of this.held) {
      const { kind, id } = parseLeaseKey(key);
      const hooks = this.kinds.get(kind);
      if (!hooks || hooks.inUse(id) || this.busy.has(key)) continue;
      if (!this.unused.has(key)) unused.add(key);
      else {
        this.opts.log.warn({ kind, id }, 'gave back a live lease nothing used');
        await this.release(kind, id);
      }
    }
    this.unused = unused;
  }

  private async sessionLost() {
    const lost = [...this.held.keys()].map(parseLeaseKey);
    this.held.clear();
    for (const { kind, id } of lost) {
      this.opts.log.warn({ kind, id }, 'lost a live lease with the lock session');
      await Promise.resolve(this.kinds.get(kind)?.lost(id)).catch((err) =>
        this.opts.log.warn({ err, kind, id }, 'stopping after a lost lease failed'),
      );
    }
  }
}
