import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { CommentFilter, CommentItem } from './types';

const PAGE_SIZE = 50;
/** Live updates announce new comments; the poll only covers a lost connection. */
const IDLE_POLL_MS = 15_000;

/** GET /v1/comments of the workspace's players, newest first, page by page. */
export const commentsQueryOptions = (workspaceId: string, filter: CommentFilter) =>
  infiniteQueryOptions({
    queryKey: ['comments', 'workspace', workspaceId, filter],
    queryFn: ({ pageParam, signal }) =>
      api.comments.list(
        {
          query: {
            workspaceId,
            outputId: filter.outputId || undefined,
            approved: filter.status === 'all' ? undefined : filter.status === 'approved',
            offset: pageParam,
            limit: PAGE_SIZE,
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchInterval: IDLE_POLL_MS,
  });

export function useComments(workspaceId: string | undefined, filter: CommentFilter) {
  const query = useInfiniteQuery({
    ...commentsQueryOptions(workspaceId ?? '', filter),
    enabled: Boolean(workspaceId),
    placeholderData: keepPreviousData,
  });
  const items: CommentItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}
