import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Queues a render-mp4 job; its result arrives as a new media of origin render. */
export function useRenderMp4() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.medias.renderMp4({ params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
