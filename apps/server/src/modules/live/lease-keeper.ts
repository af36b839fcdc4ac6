import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import { LEASE_RENEW_MS, type LeaseKind, leaseKey, lostLeases, parseLeaseKey } from './lease-state';
import type { Fence, LeasesRepository } from './leases.repository';

export interface LeaseKeeperHooks {
  /** Whether this process still runs something for the lease; an unused lease is released. */
  inUse(kind: LeaseKind, id: string): boolean;
  /** Another process took the lease over (this one was too slow to renew): stop without writing. */
  lost(kind: LeaseKind, id: string): Promise<void>;
  /** This process took over the expired lease of a dead holder: correct its state (fenced). */
  takenOver(kind: LeaseKind, id: string, fence: Fence): Promise<void>;
}

/**
 * The leases this process holds (issue 19; the state machine is `lease-state.ts`). Every second it
 * renews them in one statement, stops whatever it lost, releases what it no longer uses, and takes over
 * the expired leases of other processes so their state is corrected within a few seconds of their death.
 */
export class LeaseKeeper {
  /** This process, unique per start: host, pid and a random part. */
  readonly me = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  /** The thing id of this process's heartbeat lease (kind `process`). */
  readonly processId = randomUUID();
  /** Hooks of other kinds of leases than the engine's sources and targets (program-owner.ts). */
  private readonly kinds = new Map<LeaseKind, LeaseKeeperHooks>();
  private readonly held = new Map<string, number>();
  /** Rounds a held lease was seen unused; released at the second (a write may still be in flight). */
  private readonly idle = new Map<string, number>();
  private timer: NodeJS.Timeout | undefined;
  private round: Promise<void> | undefined;

  constructor(
    private readonly repo: LeasesRepository,
    private readonly hooks: LeaseKeeperHooks,
    private readonly log: FastifyBaseLogger,
  ) {
    // The heartbeat is always in use; a dead process's heartbeat taken over is simply dropped.
    this.handle('process', {
      inUse: (_kind, id) => id === this.processId,
      lost: async () => {},
      takenOver: (kind, id) => this.release(kind, id),
    });
  }

  /** Another kind of lease, run by another part of the server (the players' writers). */
  handle(kind: LeaseKind, hooks: LeaseKeeperHooks) {
    this.kinds.set(kind, hooks);
  }

  private hooksOf(kind: LeaseKind) {
    return this.kinds.get(kind) ?? this.hooks;
  }

  /**
   * Takes the lease even from a live holder (who notices at its next renewal, within LEASE_RENEW_MS, and
   * stops); the caller waits that long before it writes.
   */
  async takeFrom(kind: LeaseKind, id: string): Promise<Fence> {
    const token = await this.repo.takeFrom(kind, id, this.me);
    this.held.set(leaseKey(kind, id), token);
    this.idle.delete(leaseKey(kind, id));
    return { holder: this.me, token };
  }

  /** Claims (or renews) the lease of a thing; the fence of its writes, or undefined when another holds it. */
  async claim(kind: LeaseKind, id: string): Promise<Fence | undefined> {
    const result = await this.repo.claim(kind, id, this.me);
    if (result.outcome === 'refused') return undefined;
    this.held.set(leaseKey(kind, id), result.lease.token);
    this.idle.delete(leaseKey(kind, id));
    if (result.outcome === 'taken-over')
      this.log.warn(
        { kind, id, from: result.previousHolder },
        'took over the live lease of a silent process',
      );
    return { holder: this.me, token: result.lease.token };
  }

  fence(kind: LeaseKind, id: string): Fence | undefined {
    const token = this.held.get(leaseKey(kind, id));
    return token === undefined ? undefined : { holder: this.me, token };
  }

  async release(kind: LeaseKind, id: string) {
    const fence = this.fence(kind, id);
    this.held.delete(leaseKey(kind, id));
    if (fence) await this.repo.release(kind, id, fence);
  }

  start() {
    const heartbeat = () =>
      this.claim('process', this.processId).catch((err) =>
        this.log.warn({ err }, 'writing the process heartbeat failed'),
      );
    void heartbeat();
    this.timer = setInterval(() => {
      this.round ??= this.tick()
        .catch((err) => this.log.warn({ err }, 'renewing the live leases failed'))
        .finally(() => {
          this.round = undefined;
        });
    }, LEASE_RENEW_MS);
    this.timer.unref();
  }

  /** The sources whose leases `stop()` released: others may start their publishers at once. */
  releasedSources: string[] = [];

  async stop() {
    clearInterval(this.timer);
    await this.round;
    this.releasedSources = [...this.held.keys()]
      .map(parseLeaseKey)
      .filter((l) => l.kind === 'source')
      .map((l) => l.id);
    this.held.clear();
    await this.repo.releaseAll(this.me);
  }

  /** One round: renew, stop what was lost, release what is unused, take over what expired elsewhere. */
  async tick() {
    const renewed = await this.repo.renew(this.me);
    for (const key of lostLeases(this.held, renewed)) {
      this.held.delete(key);
      const { kind, id } = parseLeaseKey(key);
      this.log.warn({ kind, id }, 'lost a live lease to another process');
      await this.hooksOf(kind).lost(kind, id);
    }
    for (const [key, token] of renewed) if (!this.held.has(key)) this.held.set(key, token);
    for (const key of [...this.held.keys()]) {
      const { kind, id } = parseLeaseKey(key);
      if (this.hooksOf(kind).inUse(kind, id)) {
        this.idle.delete(key);
        continue;
      }
      const rounds = (this.idle.get(key) ?? 0) + 1;
      this.idle.set(key, rounds);
      if (rounds >= 2) {
        this.idle.delete(key);
        await this.release(kind, id);
      }
    }
    for (const { kind, thingId } of await this.repo.expiredOfOthers(this.me)) {
      const fence = await this.claim(kind as LeaseKind, thingId);
      if (fence) await this.hooksOf(kind as LeaseKind).takenOver(kind as LeaseKind, thingId, fence);
    }
    if (!this.held.has(leaseKey('process', this.processId))) await this.claim('process', this.processId);
  }
}
