import type { Session, UpdatePassword } from '@stromwerk/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

/**
 * The server ends every other session and answers with a fresh one, which replaces ours. The typed
 * `users.updatePassword` declares no result, so this goes through `request` to read the session.
 */
export function useUpdatePassword(userId: string) {
  return useMutation({
    mutationFn: (body: UpdatePassword) =>
      api.request<Session>({
        method: 'PUT',
        path: `/users/${encodeURIComponent(userId)}/update-password`,
        body,
      }),
    onSuccess: (next) => {
      if (next?.token) session.start(next.token);
    },
  });
}
