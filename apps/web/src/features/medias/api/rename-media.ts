import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRenameMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.medias.rename({ params: { id }, query: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['medias'] }),
  });
}
