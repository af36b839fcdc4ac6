import type { OauthNetwork } from '@stromwerk/contracts/social-values';
import type { CreateSocialBody } from '@stromwerk/contracts/socials';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

export const socialsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'socials'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.users.socials({ params: { id: userId }, query: { offset, limit } }, { signal }),
      ),
  });

export const useSocials = (userId: string) => useQuery(socialsQueryOptions(userId));

export const useSocialNetworks = () =>
  useQuery({
    queryKey: ['social-networks'],
    queryFn: ({ signal }) => api.socials.networks({}, { signal }),
    staleTime: 5 * 60_000,
  });

function useRefresh(userId: string) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: socialsQueryOptions(userId).queryKey });
}

export function useCreateSocial(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (body: CreateSocialBody) => api.socials.create({ body }),
    onSuccess: refresh,
  });
}

export function useRemoveSocial(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (id: string) => api.socials.remove({ params: { id } }),
    onSuccess: refresh,
  });
}

export function useCheckSocial(userId: string) {
  const refresh = useRefresh(userId);
  return useMutation({
    mutationFn: (id: string) => api.socials.check({ params: { id } }),
    onSuccess: refresh,
  });
}

/** Leaves for the network's sign-in page; it sends the browser back to /user/socials. */
export function useConnectSocial() {
  return useMutation({
    mutationFn: (network: OauthNetwork) => api.socials.connect({ params: { network } }),
    onSuccess: ({ authorizeUrl }) => window.location.assign(authorizeUrl),
  });
}
