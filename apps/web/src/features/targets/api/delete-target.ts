import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<void>({ method: 'DELETE', path: `/targets/${encodeURIComponent(id)}` }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}
