/** A viewer counts while it asked for the playlist within this time; watch time accrues up to it. */
export const VIEWER_ACTIVE_SECONDS = 30;

/** What a playlist request of a viewer changes: the watch time since its last one and the count after. */
export interface ViewerSeen {
  /** Seconds since this viewer's previous playlist request (any process), 0 for a first or stale one. */
  watchedSeconds: number;
  /** Viewers of the output active now, this one included. */
  watching: number;
}

/**
 * Who watches which player. In memory for one process (`ViewerRegistry`, PGlite); in PostgreSQL for
 * several (`ViewersRepository`, table `live_viewers`), so limits, counts and watch time hold across the
 * cluster (issue 19).
 */
export interface Viewers {
  /** Admits a new viewer unless `limit` viewers are active; returns the active count after, or null. */
  admit(outputId: string, viewerId: string, limit: number | null): Promise<number | null>;
  /** A playlist request of an admitted viewer. */
  seen(outputId: string, viewerId: string): Promise<ViewerSeen>;
  /** Active viewers of each output (0 for one without), in one read. */
  counts(outputIds: readonly string[]): Promise<Map<string, number>>;
  /** A viewer that ended (a real-time viewer's peer closed): no longer counted. */
  leave(outputId: string, viewerId: string): Promise<void>;
  drop(outputId: string): Promise<void>;
}

/** The watch time between two requests: none when the viewer had gone (longer than the active time). */
export function watchedBetween(previousMs: number | null, nowMs: number): number {
  if (previousMs === null) return 0;
  const seconds = (nowMs - previousMs) / 1000;
  return seconds > VIEWER_ACTIVE_SECONDS ? 0 : Math.max(0, seconds);
}
