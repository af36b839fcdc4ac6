import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useStartPasswordReset() {
  return useMutation({ mutationFn: (email: string) => api.users.startPasswordReset({ query: { email } }) });
}
