import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { fetchAll } from '../fetch-all';
import { useLoggedIn } from '../session';

export const workspacesQueryOptions = () =>
  queryOptions({
    queryKey: ['workspaces'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) => api.workspaces.list({ query: { offset, limit } }, { signal })),
    // The switcher and the home page show them in the corporation's chosen order.
    select: (workspaces) => [...workspaces].sort((a, b) => a.sortIndex - b.sortIndex),
  });

/** Every workspace the user may see, across corporations; loaded at start-up. */
export function useWorkspaces() {
  const loggedIn = useLoggedIn();
  return useQuery({ ...workspacesQueryOptions(), enabled: loggedIn });
}
