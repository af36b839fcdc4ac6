import type { UpdateUserBody } from '@stromwerk/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

export function useUpdateUser(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateUserBody) => api.users.update({ params: { id: userId }, body }),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
