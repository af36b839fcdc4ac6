import type { PageQuery } from '@stromwerk/contracts/common';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One page of a platform-wide list: what the admin screen's search field and pager ask for. */
export type AdminPageQuery = Pick<PageQuery, 'limit' | 'offset'> & { search?: string };

const listKey = (kind: 'users' | 'corporations' | 'api-keys', q: AdminPageQuery) => [
  'admin',
  kind,
  q.search ?? '',
  q.offset,
  q.limit,
];

/** Every user of the install (platform administrators see all through `GET /v1/users`). */
export function useAdminUsers(q: AdminPageQuery) {
  return useQuery({
    queryKey: listKey('users', q),
    queryFn: ({ signal }) => api.users.list({ query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every corporation of the install. */
export function useAdminCorporations(q: AdminPageQuery) {
  return useQuery({
    queryKey: listKey('corporations', q),
    queryFn: ({ signal }) => api.corporations.list({ query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every API key of the install, with its owner. */
export function useAdminApiKeys(q: AdminPageQuery) {
  return useQuery({
    queryKey: listKey('api-keys', q),
    queryFn: ({ signal }) => api.apiKeys.list({ query: q }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * Block or unblock a user or a corporation. Afterwards every list that shows one reloads: the admin
 * lists, the switcher's corporations and the members of every corporation.
 */
export function useSetBlocked(kind: 'user' | 'corporation') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, blocked }: { id: string; blocked: boolean }) => {
      const params = { params: { id } };
      if (kind === 'user') await (blocked ? api.users.block(params) : api.users.unblock(params));
      else await (blocked ? api.corporations.block(params) : api.corporations.unblock(params));
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['corporations'] }),
      ]),
  });
}

export function useInvalidateAnyApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.apiKeys.invalidate({ params: { id } }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'api-keys'] }),
        queryClient.invalidateQueries({ queryKey: ['users'] }),
      ]),
  });
}
