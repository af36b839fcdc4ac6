import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

/** Live updates announce every change of `input`; the slow poll only covers a lost connection. */
const IDLE_POLL_MS = 15_000;

export const outputsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['outputs', 'workspace', workspaceId],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.outputs.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
      ),
    refetchInterval: (query) => ((query.state.data ?? []).length > 0 ? IDLE_POLL_MS : false),
  });

/** Every player & recorder of the workspace; key ['outputs', …] is invalidated by live updates. */
export function useOutputs(workspaceId: string | undefined) {
  return useQuery({ ...outputsQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
