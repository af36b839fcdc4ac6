import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.targets.remove({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}
