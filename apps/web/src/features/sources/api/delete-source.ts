import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One source or a selection, in one request (all or nothing). */
export function useDeleteSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.sources.bulkDelete({ body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}
