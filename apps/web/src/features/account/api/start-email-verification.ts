import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useStartEmailVerification(userId: string) {
  return useMutation({ mutationFn: () => api.users.startEmailVerification({ params: { id: userId } }) });
}
