import type { Media } from '@stromwerk/contracts/medias';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** A full copy in the same workspace, named "<name> (copy)" by the server. */
export function useCopyMedia() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<Media>({ method: 'PUT', path: `/medias/${encodeURIComponent(id)}/copy` }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['medias'] }),
  });
}
