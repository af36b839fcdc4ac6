import type { PlatformTargetType } from '@stromwerk/contracts/limits';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Connections usable in a workspace: the caller's own and those shared with it. */
export const useUsableSocials = (workspaceId: string) =>
  useQuery({
    queryKey: ['workspaces', workspaceId, 'socials'],
    queryFn: ({ signal }) => api.socials.usableInWorkspace({ params: { id: workspaceId } }, { signal }),
  });

/** Pages (Facebook) or channels (YouTube) of a connection; only asked where the network has them. */
export const useSubAccounts = (socialId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['socials', socialId, 'sub-accounts'],
    queryFn: ({ signal }) => api.socials.subAccounts({ params: { id: socialId } }, { signal }),
    enabled: enabled && socialId !== '',
    staleTime: 5 * 60_000,
  });

/** YouTube's video categories for a region. */
export const useCategories = (socialId: string, region: string, enabled: boolean) =>
  useQuery({
    queryKey: ['socials', socialId, 'categories', region],
    queryFn: ({ signal }) =>
      api.socials.categories({ params: { id: socialId }, query: { region } }, { signal }),
    enabled: enabled && socialId !== '',
    staleTime: 60 * 60_000,
  });

export const hasSubAccounts = (type: PlatformTargetType) => type === 'youtube' || type === 'facebook';
export const hasCategories = (type: PlatformTargetType) => type === 'youtube' || type === 'twitch';
export const hasTags = (type: PlatformTargetType) => type === 'youtube' || type === 'twitch';
