/**
 * The last 60 s of bitrate samples per node (issue 16's sparkline). Samples arrive once a second on the
 * workspace's `stats/+` topic while the chart is watched; each node's sparkline reads its own series, so
 * a sample re-renders that one sparkline. Older samples fall out of the window as new ones arrive.
 */
export const SPARKLINE_WINDOW_MS = 60_000;
/** More than a window's worth of 1 s samples never needs keeping. */
const MAX_POINTS = 90;

export interface StatsPoint {
  at: number;
  kbps: number;
}

type Listener = () => void;

export class StatsSeries {
  private readonly series = new Map<string, StatsPoint[]>();
  private readonly listeners = new Map<string, Set<Listener>>();

  /** Adds one sample (from the `stats` message of a source or target); out-of-order ones are dropped. */
  add(nodeId: string, point: StatsPoint) {
    if (!Number.isFinite(point.at) || !Number.isFinite(point.kbps) || point.kbps < 0) return;
    const prev = this.series.get(nodeId) ?? [];
    const last = prev[prev.length - 1];
    if (last && point.at <= last.at) return;
    const from = point.at - SPARKLINE_WINDOW_MS;
    const next = [...prev.filter((p) => p.at > from), point].slice(-MAX_POINTS);
    this.series.set(nodeId, next);
    for (const l of this.listeners.get(nodeId) ?? []) l();
  }

  /** The node's samples (a stable array between changes, for useSyncExternalStore). */
  get(nodeId: string): readonly StatsPoint[] {
    return this.series.get(nodeId) ?? EMPTY;
  }

  subscribe(nodeId: string, listener: Listener): () => void {
    let set = this.listeners.get(nodeId);
    if (!set) {
      set = new Set();
      this.listeners.set(nodeId, set);
    }
    set.add(listener);
    return () => set.delete(listener);
  }
}

const EMPTY: readonly StatsPoint[] = [];

/** A `stats` topic message's data, checked: the node it belongs to and its sample. */
export function statsSampleOf(id: string, data: unknown): { nodeId: string; point: StatsPoint } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { kind, kbps, at } = data as Record<string, unknown>;
  if ((kind !== 'source' && kind !== 'target') || typeof kbps !== 'number' || typeof at !== 'string')
    return null;
  const time = Date.parse(at);
  if (Number.isNaN(time)) return null;
  return { nodeId: `${kind}:${id}`, point: { at: time, kbps } };
}

/**
 * The sparkline's SVG path: time runs left to right over the window ending at the newest sample, the
 * rate bottom to top from 0 to the window's peak. Empty for fewer than two samples.
 */
export function sparklinePath(points: readonly StatsPoint[], width: number, height: number): string {
  if (points.length < 2) return '';
  const end = points[points.length - 1]!.at;
  const start = end - SPARKLINE_WINDOW_MS;
  const peak = Math.max(...points.map((p) => p.kbps), 1);
  const x = (at: number) => (((Math.max(at, start) - start) / SPARKLINE_WINDOW_MS) * width).toFixed(1);
  const y = (kbps: number) => (height - (kbps / peak) * (height - 1) - 0.5).toFixed(1);
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.at)},${y(p.kbps)}`).join(' ');
}
