import { ApiError, GenericError } from '@stromwerk/client/api-error';
import type { User } from '@stromwerk/contracts/users';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

const avatarPath = (userId: string) => `/users/${encodeURIComponent(userId)}/avatar`;

/**
 * The avatar upload route arrives with the media library. Until then the route answers 404: an empty
 * POST tells the two apart without uploading anything (a present route rejects it with 4xx, not 404).
 */
export const avatarUploadSupportOptions = (userId: string) =>
  queryOptions({
    queryKey: ['avatar-upload-supported', userId],
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    queryFn: async () => {
      try {
        await api.request({ method: 'POST', path: avatarPath(userId), body: {} });
        return true;
      } catch (error) {
        if (error instanceof ApiError || error instanceof GenericError) return error.statusCode !== 404;
        return false;
      }
    },
  });

export function useAvatarUploadSupported(userId: string) {
  return useQuery(avatarUploadSupportOptions(userId));
}

export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.upload<User>({ path: avatarPath(userId), files: file, fieldName: 'file' }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
