import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useDeleteComments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (ids: string[]) => {
      for (const id of ids) await api.comments.remove({ params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
