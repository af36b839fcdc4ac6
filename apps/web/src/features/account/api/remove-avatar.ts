import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

/** DELETE /v1/users/{id}/avatar: answers the user without the avatar. */
export function useRemoveAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.users.removeAvatar({ params: { id: userId } }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
