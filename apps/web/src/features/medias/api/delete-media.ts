import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Deleting a media also cancels its running jobs on the server. */
export function useDeleteMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.medias.remove({ params: { id } }),
    onSuccess: (_data, id) => queryClient.removeQueries({ queryKey: ['medias', id] }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['medias'] }),
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
      ]),
  });
}
