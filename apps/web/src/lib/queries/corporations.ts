import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { fetchAll } from '../fetch-all';
import { useLoggedIn } from '../session';

export const corporationsQueryOptions = () =>
  queryOptions({
    queryKey: ['corporations'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) => api.corporations.list({ query: { offset, limit } }, { signal })),
  });

/** Every corporation the user belongs to; loaded at start-up. */
export function useCorporations() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...corporationsQueryOptions(), enabled: loggedIn });
}
