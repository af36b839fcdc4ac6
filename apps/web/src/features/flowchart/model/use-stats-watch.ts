import { useEffect } from 'react';
import { api } from '../../../lib/api-client';

/** Renewed well inside the server's 30 s lease, so one lost request does not end it. */
export const WATCH_RENEW_MS = 10_000;

/**
 * Holds a lease on the workspace's live stats while the calling view is mounted: `watch` now and every
 * 10 s, `unwatch` on unmount. The server samples bitrates only while some view holds one, so a closed
 * chart (or a closed tab, once its lease runs out) costs nothing.
 */
export function useStatsWatch(workspaceId: string | undefined) {
  useEffect(() => {
    if (!workspaceId) return;
    const query = { watcher: crypto.randomUUID() };
    const params = { id: workspaceId };
    const watch = () => void api.graph.watch({ params, query }).catch(() => undefined);
    watch();
    const timer = setInterval(watch, WATCH_RENEW_MS);
    return () => {
      clearInterval(timer);
      void api.graph.unwatch({ params, query }).catch(() => undefined);
    };
  }, [workspaceId]);
}
