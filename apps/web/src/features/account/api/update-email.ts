import type { UpdateEmail } from '@stromwerk/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

export function useUpdateEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmail) => api.users.updateEmail(userId, body),
    onSuccess: (user) => queryClient.setQueryData(meQueryOptions().queryKey, user),
  });
}
