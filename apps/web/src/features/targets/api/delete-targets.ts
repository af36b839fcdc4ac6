import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One target or a selection, in one request (all or nothing). */
export function useDeleteTargets() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.targets.bulkDelete({ body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}
