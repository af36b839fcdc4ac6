import type { OauthNetwork } from '@stromwerk/contracts/social-values';
import type { PutOauthAppBody } from '@stromwerk/contracts/socials';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const key = ['admin', 'oauth-apps'];

/** The install's OAuth app per network (never a secret) and the redirect address to register. */
export const useOauthApps = () =>
  useQuery({ queryKey: key, queryFn: ({ signal }) => api.socials.oauthApps({}, { signal }) });

function useRefresh() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: key });
    // The Socials page's methods follow the stored apps.
    await queryClient.invalidateQueries({ queryKey: ['social-networks'] });
  };
}

export function useSaveOauthApp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ network, body }: { network: OauthNetwork; body: PutOauthAppBody }) =>
      api.socials.putOauthApp({ params: { network }, body }),
    onSuccess: refresh,
  });
}

export function useRemoveOauthApp() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (network: OauthNetwork) => api.socials.removeOauthApp({ params: { network } }),
    onSuccess: refresh,
  });
}
