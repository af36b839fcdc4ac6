import { fillPath } from '@stromwerk/contracts/api/route';
import { avatarRoutes } from '@stromwerk/contracts/api/users';
import type { User } from '@stromwerk/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

const avatarPath = (userId: string) => fillPath(avatarRoutes.uploadAvatar.path, { id: userId });

export function useUploadAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api.upload<User>({ path: avatarPath(userId), files: file, fieldName: 'file' }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
