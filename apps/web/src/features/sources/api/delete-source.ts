import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.sources.remove({ params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}
