import type { UpdatePassword } from '@stromwerk/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/** The server ends every other session and answers with a fresh one, which replaces ours. */
export function useUpdatePassword(userId: string) {
  return useMutation({
    mutationFn: (body: UpdatePassword) => api.users.updatePassword({ params: { id: userId }, body }),
    onSuccess: (next) => {
      if (next?.token) session.start(next.token);
    },
  });
}
