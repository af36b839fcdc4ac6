import type { Media } from '@stromwerk/contracts/medias';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useRenameMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.request<Media>({ method: 'PUT', path: `/medias/${encodeURIComponent(id)}`, query: { name } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['medias'] }),
  });
}
