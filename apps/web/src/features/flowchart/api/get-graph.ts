import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Key ['graph', workspaceId]: not an entity plural, so the app's live cache leaves it to this feature. */
export const graphQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['graph', workspaceId],
    queryFn: ({ signal }) => api.graph.ofWorkspace({ params: { id: workspaceId } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** GET /v1/workspaces/{id}/graph: the first picture; MQTT patches it, structural changes refetch it. */
export function useGraph(workspaceId: string | undefined) {
  return useQuery({ ...graphQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
