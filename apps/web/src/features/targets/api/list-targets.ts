import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';
import type { TargetItem } from './types';

const LIVE_POLL_MS = 3000;
/** Until live updates are wired everywhere: a slow refresh so a target coming up is noticed too. */
const IDLE_POLL_MS = 10_000;

const isActive = (t: TargetItem) => t.state === 'online' || t.state === 'almost-online';

export const targetsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['targets', 'workspace', workspaceId],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.targets.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
      ),
    refetchInterval: (query) => {
      const items = query.state.data ?? [];
      if (items.some(isActive)) return LIVE_POLL_MS;
      return items.some((t) => t.enabled) ? IDLE_POLL_MS : false;
    },
  });

/** Every target of the workspace; key ['targets', …] is invalidated by live updates. */
export function useTargets(workspaceId: string | undefined) {
  return useQuery({ ...targetsQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
