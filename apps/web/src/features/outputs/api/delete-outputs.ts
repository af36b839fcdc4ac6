import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One player or a selection, in one request (all or nothing). */
export function useDeleteOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.outputs.bulkDelete({ body: { ids } }),
    // The comments of a deleted player go with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['outputs'] }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}
