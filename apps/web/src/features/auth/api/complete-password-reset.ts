import type { ResetPasswordComplete } from '@stromwerk/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useCompletePasswordReset() {
  return useMutation({
    mutationFn: (body: ResetPasswordComplete) => api.users.completePasswordReset({ body }),
  });
}
