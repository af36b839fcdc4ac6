import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * GET /v1/me: the logged-in user. Loaded during start-up and read by several features, so it lives
 * here rather than in one feature (features do not import each other).
 */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['me'],
    queryFn: ({ signal }) => api.users.me({}, { signal }),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions()).data;
}
