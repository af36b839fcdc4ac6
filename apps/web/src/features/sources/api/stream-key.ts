import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const streamKeyQueryOptions = (sourceId: string) =>
  queryOptions({
    queryKey: ['sources', 'stream-key', sourceId],
    queryFn: ({ signal }) => api.sources.streamKey({ params: { id: sourceId } }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The secret key is only fetched once the user asks to reveal it. */
export function useStreamKey(sourceId: string, revealed: boolean) {
  return useQuery({ ...streamKeyQueryOptions(sourceId), enabled: revealed });
}

export function useRotateStreamKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sourceId: string) => api.sources.rotateKey({ params: { id: sourceId } }),
    onSuccess: (_data, sourceId) =>
      queryClient.invalidateQueries({ queryKey: streamKeyQueryOptions(sourceId).queryKey }),
  });
}
