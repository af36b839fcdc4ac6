import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  LiveStats,
  STATS_INTERVAL_MS,
  STATS_LEASE_MS,
  type StatsReading,
} from '../../src/modules/graph/live-stats';

const W = { id: 'w1', corporationId: 'c1' };

function setup() {
  const counters = new Map<string, StatsReading>([
    ['s1', { kind: 'source', id: 's1', bytes: 0 }],
    ['t1', { kind: 'target', id: 't1', bytes: 0 }],
  ]);
  let reset = false;
  const readings = vi.fn((workspaceId: string) =>
    workspaceId !== W.id ? [] : [...counters.values()].map((c) => (reset ? { ...c, bytes: 0 } : c)),
  );
  const published: { topic: string; payload: { id: string; data: { kind: string; kbps: number } } }[] = [];
  const stats = new LiveStats(
    {
      publish: async (topic, payload) => {
        published.push({ topic, payload: payload as (typeof published)[number]['payload'] });
      },
    },
    { readings },
  );
  /** Both streams move `kbps` kilobits per second for one interval. */
  const flow = (kbps: number) => {
    for (const c of counters.values()) c.bytes += (kbps * 1000 * (STATS_INTERVAL_MS / 1000)) / 8;
  };
  /** The counters start again from zero (a restarted process). */
  const restart = () => {
    reset = true;
  };
  return { stats, readings, published, flow, restart };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LiveStats: sampling only while watched', () => {
  it('reads nothing at all without a watcher', () => {
    const { stats, readings, published } = setup();
    vi.advanceTimersByTime(10 * STATS_INTERVAL_MS);
    expect(stats.sampling).toBe(false);
    expect(readings).not.toHaveBeenCalled();
    expect(stats.sampled).toBe(0);
    expect(published).toEqual([]);
  });

  it('publishes each stream’s bitrate once a second while watched, on the workspace’s stats topic', () => {
    const { stats, published, flow } = setup();
    stats.watch(W, 'viewer-a');
    expect(stats.sampling).toBe(true);
    vi.advanceTimersByTime(STATS_INTERVAL_MS); // first reading: nothing to compare with yet
    expect(published).toEqual([]);
    flow(2500);
    vi.advanceTimersByTime(STATS_INTERVAL_MS);
    expect(published.map((p) => [p.topic, p.payload.data.kind, p.payload.data.kbps])).toEqual([
      ['corporation/c1/workspace/w1/stats/s1', 'source', 2500],
      ['corporation/c1/workspace/w1/stats/t1', 'target', 2500],
    ]);
    flow(800);
    vi.advanceTimersByTime(STATS_INTERVAL_MS);
    expect(published.slice(2).map((p) => p.payload.data.kbps)).toEqual([800, 800]);
  });

  it('stops reading when the last watcher leaves; one of two watchers leaving keeps it going', () => {
    const { stats, readings } = setup();
    stats.watch(W, 'viewer-a');
    stats.watch(W, 'viewer-b');
    stats.unwatch(W.id, 'viewer-a');
    vi.advanceTimersByTime(STATS_INTERVAL_MS);
    expect(readings).toHaveBeenCalledTimes(1);
    stats.unwatch(W.id, 'viewer-b');
    expect(stats.sampling).toBe(false);
    const before = stats.sampled;
    vi.advanceTimersByTime(5 * STATS_INTERVAL_MS);
    expect(readings).toHaveBeenCalledTimes(1);
    expect(stats.sampled).toBe(before);
  });

  it('a watcher that stops renewing its lease stops counting (a closed tab)', () => {
    const { stats, readings } = setup();
    stats.watch(W, 'viewer-a');
    vi.advanceTimersByTime(STATS_LEASE_MS + STATS_INTERVAL_MS);
    expect(stats.sampling).toBe(false);
    const calls = readings.mock.calls.length;
    vi.advanceTimersByTime(5 * STATS_INTERVAL_MS);
    expect(readings.mock.calls.length).toBe(calls);
    // Renewing in time keeps it.
    stats.watch(W, 'viewer-a');
    vi.advanceTimersByTime(STATS_LEASE_MS / 2);
    stats.watch(W, 'viewer-a');
    vi.advanceTimersByTime(STATS_LEASE_MS / 2 + STATS_INTERVAL_MS);
    expect(stats.sampling).toBe(true);
    stats.stop();
  });

  it('skips a counter that went backwards (a restarted process) instead of a negative rate', () => {
    const { stats, published, flow, restart } = setup();
    stats.watch(W, 'viewer-a');
    flow(1000);
    vi.advanceTimersByTime(STATS_INTERVAL_MS);
    restart();
    vi.advanceTimersByTime(STATS_INTERVAL_MS);
    expect(published.every((p) => p.payload.data.kbps >= 0)).toBe(true);
    stats.stop();
  });
});
