import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { MEDIA_SORTS, type MediaFilter, type MediaItem } from './types';

export const MEDIA_PAGE_SIZE = 48;
/** Live updates refresh the list; polling only covers a lost connection. */
const PROCESSING_POLL_MS = 5000;
const IDLE_POLL_MS = 30_000;

/** GET /v1/medias: the one list route that filters by origin as well as by workspace. */
export const mediasQueryOptions = (workspaceId: string, filter: MediaFilter) =>
  infiniteQueryOptions({
    queryKey: ['medias', 'workspace', workspaceId, filter],
    queryFn: ({ pageParam, signal }) =>
      api.medias.list(
        {
          query: {
            workspaceId,
            origin: filter.origin === 'all' ? undefined : filter.origin,
            search: filter.search.trim() || undefined,
            ...MEDIA_SORTS[filter.sort],
            offset: pageParam,
            limit: MEDIA_PAGE_SIZE,
          },
        },
        { signal },
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return last.items.length > 0 && loaded < last.total ? loaded : undefined;
    },
    refetchInterval: (query) => {
      const pages = query.state.data?.pages ?? [];
      const processing = pages.some((page) => page.items.some((m) => m.status === 'processing'));
      return processing ? PROCESSING_POLL_MS : IDLE_POLL_MS;
    },
  });

/** The workspace's media matching the filter, page by page; key ['medias', …] is refreshed live. */
export function useMedias(workspaceId: string | undefined, filter: MediaFilter) {
  const query = useInfiniteQuery({
    ...mediasQueryOptions(workspaceId ?? '', filter),
    enabled: Boolean(workspaceId),
    placeholderData: keepPreviousData,
  });
  const items: MediaItem[] = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  return { ...query, items, total };
}
