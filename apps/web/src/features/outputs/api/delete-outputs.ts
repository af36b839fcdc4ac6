import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.outputs.remove({ params: { id } });
    },
    // The comments of a deleted player go with it.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['outputs'] }),
        queryClient.invalidateQueries({ queryKey: ['comments'] }),
      ]),
  });
}
