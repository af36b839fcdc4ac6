import type { LoginBody } from '@stromwerk/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export function useLogin() {
  return useMutation({
    mutationFn: (body: LoginBody) => api.users.login({ body }),
    onSuccess: (result) => session.start(result.token),
  });
}
