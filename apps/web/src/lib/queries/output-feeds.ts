import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { fetchAll } from '../fetch-all';

/** A player & recorder as a feed for targets: only what a picker needs. */
export interface OutputFeed {
  id: string;
  name: string;
}

export const outputFeedsQueryOptions = (workspaceId: string) =>
  queryOptions({
    queryKey: ['outputs', 'feeds', workspaceId],
    queryFn: async ({ signal }): Promise<OutputFeed[]> =>
      (
        await fetchAll((offset, limit) =>
          api.outputs.listInWorkspace({ params: { id: workspaceId }, query: { offset, limit } }, { signal }),
        )
      ).map((o) => ({ id: o.id, name: o.name })),
  });

/** The workspace's players, for choosing a target's feed; key ['outputs', …] follows live updates. */
export function useOutputFeeds(workspaceId: string | undefined) {
  return useQuery({ ...outputFeedsQueryOptions(workspaceId ?? ''), enabled: Boolean(workspaceId) });
}
