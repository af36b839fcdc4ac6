import type { User } from '@stromwerk/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

/** DELETE /v1/users/{id}/avatar (no typed client function yet). */
export function useRemoveAvatar(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.request<User>({ method: 'DELETE', path: `/users/${encodeURIComponent(userId)}/avatar` }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
