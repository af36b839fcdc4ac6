import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { playApi } from './play-client';

const COMMENTS_POLL_MS = 5000;

export const playCommentsQueryOptions = (outputId: string, token: string) =>
  queryOptions({
    queryKey: ['play', outputId, 'comments', token],
    queryFn: ({ signal }) => playApi.comments({ params: { id: outputId }, query: { t: token } }, { signal }),
    refetchInterval: COMMENTS_POLL_MS,
  });

/** The approved comments, newest first, every 5 s. */
export function usePlayComments(outputId: string, token: string | null, enabled: boolean) {
  return useQuery({ ...playCommentsQueryOptions(outputId, token ?? ''), enabled: Boolean(token) && enabled });
}

export function usePostComment(outputId: string, token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { author: string; text: string }) =>
      playApi.comment({ params: { id: outputId }, query: { t: token }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['play', outputId, 'comments'] }),
  });
}
