import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { fetchAll } from '../fetch-all';
import type { SourceItem } from './source-item';

/** Poll while something is live so state and stream info show before live updates arrive. */
export const LIVE_POLL_MS = 3000;
/** Until live updates are wired everywhere: a slow refresh so an encoder going live is noticed too. */
const IDLE_POLL_MS = 10_000;

export const sourcesQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['sources', 'workspace', workspaceId],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.sources.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
      ),
    refetchInterval: (query) => {
      const items = query.state.data ?? [];
      if (items.some((s: SourceItem) => s.state === 'live')) return LIVE_POLL_MS;
      return items.length > 0 ? IDLE_POLL_MS : false;
    },
  });

/** Every source of the workspace; key ['sources', …] is invalidated by live updates. */
export function useSources(workspaceId: string | undefined) {
  return useQuery({ ...sourcesQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
