import type { Feature } from '@stromwerk/contracts/permissions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { useLoggedIn } from '../session';

/** GET /v1/user-flags: the caller's feature flags, which add to the corporation's features. */
export const userFlagsQueryOptions = () =>
  queryOptions({
    queryKey: ['user-flags'],
    queryFn: ({ signal }) => api.users.flags({}, { signal }),
    staleTime: 5 * 60_000,
  });

const NONE: Feature[] = [];

export function useUserFlags(): Feature[] {
  const loggedIn = useLoggedIn();
  return useQuery({ ...userFlagsQueryOptions(), enabled: loggedIn }).data?.flags ?? NONE;
}
