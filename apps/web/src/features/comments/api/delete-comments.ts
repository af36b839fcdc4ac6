import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** One comment or a selection, in one request (all or nothing). */
export function useDeleteComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.comments.bulkDelete({ body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
