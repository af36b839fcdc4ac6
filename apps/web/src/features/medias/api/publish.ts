import type { CreateFolderBody, PostSocialBody } from '@stromwerk/contracts/social-posts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

/** The caller's connections (every network; the dialog offers those that can post). */
export const usePostableSocials = (userId: string | undefined) =>
  useQuery({
    queryKey: ['users', userId, 'socials'],
    enabled: Boolean(userId),
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.users.socials({ params: { id: userId ?? '' }, query: { offset, limit } }, { signal }),
      ),
  });

/** A Facebook connection's pages (the network's sub-accounts), to post a video to one. */
export const useSocialPages = (socialId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['socials', socialId, 'sub-accounts'],
    enabled,
    retry: false,
    staleTime: 5 * 60_000,
    queryFn: ({ signal }) => api.socials.subAccounts({ params: { id: socialId } }, { signal }),
  });

/** Folders of a Drive or FTP connection, top level. */
export const useSocialFolders = (socialId: string, enabled: boolean) =>
  useQuery({
    queryKey: ['social-folders', socialId],
    enabled,
    retry: false,
    queryFn: ({ signal }) => api.socialPosts.folders({ params: { id: socialId }, query: {} }, { signal }),
  });

export function useCreateFolder(socialId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFolderBody) => api.socialPosts.createFolder({ params: { id: socialId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['social-folders', socialId] }),
  });
}

/** POST /v1/post-social: one job per destination, shown in the jobs panel. */
export function usePostSocial() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PostSocialBody) => api.socialPosts.post({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}

/** Runs a failed or cancelled job again (a post resumes its upload). */
export function useRetryJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.jobs.retry({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
