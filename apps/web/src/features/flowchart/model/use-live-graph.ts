import type { WorkspaceGraph } from '@stromwerk/contracts/graph';
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { topics } from '@stromwerk/contracts/topics';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useLiveClient, useLiveStatus } from '../../../live/live-provider';
import { GraphStore } from './graph-store';
import { applyGraphMessage } from './live-patch';
import { statsSampleOf } from './stats-series';
import { useStatsWatch } from './use-stats-watch';

/** A burst of changes (a bulk edit, a rewire) refetches once. */
const REFETCH_DEBOUNCE_MS = 300;

/**
 * Feeds the chart's store: the fetched graph replaces it; MQTT messages on the workspace's sources,
 * outputs, targets and media patch it in place; changes that may alter the wiring, and every (re)connect
 * of the live connection (messages may have been missed meanwhile), fetch the graph again.
 */
export function useLiveGraph(graph: WorkspaceGraph | undefined) {
  const queryClient = useQueryClient();
  const store = useMemo(() => new GraphStore(), []);
  if (graph && store.version === 0) store.seed(graph);
  useEffect(() => {
    if (graph) store.replace(graph);
  }, [graph, store]);

  const workspaceId = graph?.workspaceId;
  const corporationId = graph?.corporationId;
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const refetch = useMemo(
    () => () => {
      clearTimeout(timer.current);
      timer.current = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: ['graph', workspaceId] }),
        REFETCH_DEBOUNCE_MS,
      );
    },
    [queryClient, workspaceId],
  );
  useEffect(() => () => clearTimeout(timer.current), []);

  const topicList = useMemo(
    () =>
      workspaceId && corporationId
        ? (['source', 'output', 'target', 'media', 'stats'] as const).map((e) =>
            topics.inWorkspace(corporationId, workspaceId, e),
          )
        : [],
    [workspaceId, corporationId],
  );
  // Subscribed here rather than with live/use-live-subscription: sharing that module with the lazy live
  // cache would split it into a chunk of its own, one more file name in the shell /login loads.
  const client = useLiveClient();
  const status = useLiveStatus();
  useEffect(() => {
    if (!client || status !== 'connected') return;
    const onMessage = (message: TopicMessage) => {
      if (message.entity === 'stats') {
        const sample = statsSampleOf(message.id, message.data);
        if (sample) store.stats.add(sample.nodeId, sample.point);
        return;
      }
      if (applyGraphMessage(store, message) === 'refetch') refetch();
    };
    const offs = topicList.map((topic) => client.subscribe(topic, onMessage));
    return () => {
      for (const off of offs) off();
    };
  }, [client, status, topicList, store, refetch]);

  // While this view is mounted the server samples the workspace's bitrates (and only then).
  useStatsWatch(workspaceId);

  const previous = useRef(status);
  useEffect(() => {
    // A (re)connection after the chart was drawn: messages may have been missed meanwhile.
    if (status === 'connected' && previous.current !== 'connected' && store.version > 0) refetch();
    previous.current = status;
  }, [status, refetch, store]);
  return store;
}
