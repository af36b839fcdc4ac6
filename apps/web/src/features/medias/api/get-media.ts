import type { Page } from '@stromwerk/contracts/common';
import {
  type InfiniteData,
  type QueryClient,
  queryOptions,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MediaItem } from './types';

export const mediaQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['medias', id],
    queryFn: ({ signal }) => api.medias.get({ params: { id } }, { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** A media already in a loaded library page, so a job row does not fetch what is on screen anyway. */
function fromLists(queryClient: QueryClient, id: string) {
  const lists = queryClient.getQueriesData<InfiniteData<Page<MediaItem>>>({
    queryKey: ['medias', 'workspace'],
  });
  for (const [, data] of lists) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((m) => m.id === id);
      if (found) return found;
    }
  }
  return undefined;
}

/** One media by id (a job's media); a deleted one ends in a 404 error. */
export function useMedia(id: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    ...mediaQueryOptions(id ?? ''),
    enabled: Boolean(id),
    initialData: () => (id ? fromLists(queryClient, id) : undefined),
  });
}
