import type { Comment } from '@stromwerk/contracts/comments';
import type { Page } from '@stromwerk/contracts/common';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { playHttp, playPath } from './play-client';

const COMMENTS_POLL_MS = 5000;

export const playCommentsQueryOptions = (outputId: string, token: string) =>
  queryOptions({
    queryKey: ['play', outputId, 'comments', token],
    queryFn: ({ signal }) =>
      playHttp.request<Page<Comment>>({
        method: 'GET',
        path: playPath(outputId, 'comments'),
        query: { t: token },
        signal,
      }),
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
      playHttp.request<Comment>({
        method: 'POST',
        // POST carries no query object in the client; the token rides in the path's query string.
        path: `${playPath(outputId, 'comments')}?t=${encodeURIComponent(token)}`,
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['play', outputId, 'comments'] }),
  });
}
