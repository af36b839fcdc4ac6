import { topics } from '@stromwerk/contracts/topics';
import type { BrokerPublish } from '../../plugins/broker-link';

/** How often a watched workspace's streams are sampled and published (issue 16: at most once a second). */
export const STATS_INTERVAL_MS = 1000;
/** A watcher that stops renewing (a closed tab, a lost network) stops counting after this long. */
export const STATS_LEASE_MS = 30_000;

/** A byte counter of one live stream: what a source's ingest received, what a target's ffmpeg sent. */
export interface StatsReading {
  kind: 'source' | 'target';
  id: string;
  bytes: number;
}

/** Where the counters come from (the live engine); absent when this process runs no live media. */
export interface StatsProbe {
  readings(workspaceId: string): StatsReading[];
}

/** One sample as published on `corporation/{c}/workspace/{w}/stats/{id}`. */
export interface StatsSample {
  kind: 'source' | 'target';
  /** Kilobits per second over the last interval. */
  kbps: number;
  at: string;
}

interface Watched {
  corporationId: string;
  /** Watcher key -> when its lease ends. */
  watchers: Map<string, number>;
}

/**
 * Bitrate samples for the Flowchart's sparklines, taken only while someone watches. A view that mounts
 * takes a lease on its workspace (`PUT /v1/workspaces/{id}/graph/watch`, renewed every 10 s) and gives
 * it back when it unmounts (DELETE). While at least one workspace is watched a 1 s timer reads the byte
 * counters of that workspace's live sources and running targets and publishes the rate; with no
 * watcher left the timer stops and nothing is read at all.
 */
export class LiveStats {
  /** Samples taken since start: a test's proof that nothing is read without a watcher. */
  sampled = 0;
  private readonly watched = new Map<string, Watched>();
  private readonly last = new Map<string, { bytes: number; at: number }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    /** Where samples go (plugins/broker-link.ts): nowhere until the broker runs. */
    private readonly broker: BrokerPublish,
    /** This process's live plane: the byte counters of what runs here (nothing until it started). */
    private readonly probe: StatsProbe,
    private readonly now: () => number = Date.now,
  ) {}

  watch(workspace: { id: string; corporationId: string }, watcher: string) {
    const entry = this.watched.get(workspace.id) ?? {
      corporationId: workspace.corporationId,
      watchers: new Map(),
    };
    entry.watchers.set(watcher, this.now() + STATS_LEASE_MS);
    this.watched.set(workspace.id, entry);
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), STATS_INTERVAL_MS);
      this.timer.unref();
    }
  }

  unwatch(workspaceId: string, watcher: string) {
    const entry = this.watched.get(workspaceId);
    entry?.watchers.delete(watcher);
    if (entry && entry.watchers.size === 0) this.watched.delete(workspaceId);
    if (this.watched.size === 0) this.stop();
  }

  /** Whether the sampler runs (some workspace has a watcher). */
  get sampling() {
    return this.timer !== undefined;
  }

  watchers(workspaceId: string) {
    return this.watched.get(workspaceId)?.watchers.size ?? 0;
  }

  stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.last.clear();
  }

  /** One round: drop ended leases, then read and publish every watched workspace's streams. */
  tick() {
    const now = this.now();
    for (const [workspaceId, entry] of this.watched) {
      for (const [watcher, until] of entry.watchers) if (until <= now) entry.watchers.delete(watcher);
      if (entry.watchers.size === 0) this.watched.delete(workspaceId);
    }
    if (this.watched.size === 0) return this.stop();
    for (const [workspaceId, entry] of this.watched) {
      for (const reading of this.probe.readings(workspaceId)) {
        this.sampled += 1;
        const sample = this.rate(reading, now);
        if (!sample) continue;
        const topic = topics.inWorkspace(entry.corporationId, workspaceId, 'stats', reading.id);
        this.broker
          .publish(topic, { type: 'updated', entity: 'stats', id: reading.id, data: sample })
          .catch(() => undefined);
      }
    }
  }

  /** The rate since the previous reading of the same counter; none for the first one or a reset counter. */
  private rate(reading: StatsReading, now: number): StatsSample | undefined {
    const key = `${reading.kind}:${reading.id}`;
    const before = this.last.get(key);
    this.last.set(key, { bytes: reading.bytes, at: now });
    if (!before || reading.bytes < before.bytes || now <= before.at) return undefined;
    const kbps = Math.round(((reading.bytes - before.bytes) * 8) / (now - before.at));
    return { kind: reading.kind, kbps, at: new Date(now).toISOString() };
  }
}
