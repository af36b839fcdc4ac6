import type { UpdateEmail } from '@stromwerk/contracts/users';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';
import { emailVerificationsQueryOptions } from './pending-email';

export function useUpdateEmail(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmail) => api.users.updateEmail({ params: { id: userId }, body }),
    onSuccess: (user) => {
      queryClient.setQueryData(meQueryOptions().queryKey, user);
      // The change waits for the mailed link: show it as pending.
      void queryClient.invalidateQueries({ queryKey: emailVerificationsQueryOptions().queryKey });
    },
  });
}
