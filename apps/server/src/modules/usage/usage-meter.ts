import { gaugeMetrics, type UsageMetric } from '@stromwerk/contracts/usage';
import type { CounterDelta, UsageCountersRepository } from './usage-counters.repository';

/** Where usage happened: every metered thing belongs to a workspace of a corporation. */
export interface MeterScope {
  corporationId: string;
  workspaceId: string;
}

const HOUR_MS = 3_600_000;
export const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
const isGauge = (metric: UsageMetric) => gaugeMetrics.includes(metric);

/**
 * The usage meter of this process (issue 17). State: pending deltas per (corporation, workspace, metric,
 * UTC hour), in memory. Hot paths (every segment served) only add to a map; `flush` (every minute, on
 * shutdown, and directly in tests) swaps the map and writes it with one upsert that ADDS the deltas, so
 * several processes can meter the same bucket. A failed write puts the deltas back for the next flush.
 * Fractions (viewer seconds) stay pending until they make a whole unit, so nothing is rounded away.
 */
export class UsageMeter {
  private pending = new Map<string, CounterDelta>();
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();
  /** Listeners told after each flush which corporations' figures grew (the soft-limit check). */
  private readonly flushed: ((corporationIds: Set<string>) => void)[] = [];

  constructor(private readonly repo: UsageCountersRepository) {}

  /** Adds to a summed metric (seconds, bytes, sessions). */
  add(scope: MeterScope, metric: UsageMetric, value: number, at = Date.now()) {
    if (!(value > 0) || !Number.isFinite(value)) return;
    const entry = this.entry(scope, metric, at);
    entry.value = isGauge(metric) ? Math.max(entry.value, value) : entry.value + value;
  }

  /** Records a gauge reading (peak viewers, storage): the bucket keeps the highest. */
  gauge(scope: MeterScope, metric: UsageMetric, value: number, at = Date.now()) {
    if (!Number.isFinite(value) || value < 0) return;
    const entry = this.entry(scope, metric, at);
    entry.value = Math.max(entry.value, value);
  }

  onFlushed(listener: (corporationIds: Set<string>) => void) {
    this.flushed.push(listener);
  }

  private entry(scope: MeterScope, metric: UsageMetric, at: number) {
    const bucket = hourOf(at);
    const key = `${scope.corporationId}|${scope.workspaceId}|${metric}|${bucket}`;
    let entry = this.pending.get(key);
    if (!entry) {
      entry = { ...scope, metric, bucketStart: new Date(bucket), value: 0 };
      this.pending.set(key, entry);
    }
    return entry;
  }

  /** What is counted and not yet written (tests and the shutdown log). */
  get pendingCount() {
    return this.pending.size;
  }

  /** Writes what was counted since the last flush; flushes run one after the other. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  private async write() {
    const batch = this.pending;
    this.pending = new Map();
    const rows: CounterDelta[] = [];
    for (const [key, entry] of batch) {
      const whole = Math.floor(entry.value);
      if (whole > 0) rows.push({ ...entry, value: whole });
      // The fraction of a summed metric waits for the next flush.
      if (!isGauge(entry.metric) && entry.value - whole > 0)
        this.restore(key, { ...entry, value: entry.value - whole });
    }
    try {
      await this.repo.add(rows);
    } catch (error) {
      for (const row of rows)
        this.restore(
          `${row.corporationId}|${row.workspaceId}|${row.metric}|${row.bucketStart.getTime()}`,
          row,
        );
      throw error;
    }
    const corporations = new Set(rows.map((r) => r.corporationId));
    if (corporations.size > 0) for (const listener of this.flushed) listener(corporations);
  }

  private restore(key: string, row: CounterDelta) {
    const entry = this.pending.get(key);
    if (!entry) this.pending.set(key, { ...row });
    else entry.value = isGauge(row.metric) ? Math.max(entry.value, row.value) : entry.value + row.value;
  }

  /** Flushes every `intervalMs`; a failed flush is logged and retried with the next one. */
  start(intervalMs: number, onError: (error: unknown) => void) {
    this.timer = setInterval(() => void this.flush().catch(onError), intervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left: a clean stop loses no counted usage. */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
