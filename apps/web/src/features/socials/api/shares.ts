import type { SocialShare } from '@stromwerk/contracts/socials';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Replaces a connection's shares (owner only); members' usable lists follow. */
export function usePutShares(socialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: SocialShare[]) =>
      api.socials.putShares({ params: { id: socialId }, body: { items } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['socials', socialId, 'shares'] });
      await queryClient.invalidateQueries({ queryKey: ['workspaces'] });
    },
  });
}
