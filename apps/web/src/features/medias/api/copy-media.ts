import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A full copy in the same workspace, named "<name> (copy)" by the server. */
export function useCopyMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.medias.copy({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['medias'] }),
  });
}
