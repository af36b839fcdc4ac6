import type { RegisterBody } from '@stromwerk/contracts/users';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** The caller stores the returned session once it knows where to go next. */
export function useRegister() {
  return useMutation({ mutationFn: (body: RegisterBody) => api.users.register({ body }) });
}
