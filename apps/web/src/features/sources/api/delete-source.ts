import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids)
        await api.request<void>({ method: 'DELETE', path: `/sources/${encodeURIComponent(id)}` });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}
