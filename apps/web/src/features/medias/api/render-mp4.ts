import type { Job } from '@stromwerk/contracts/jobs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Queues a render-mp4 job; its result arrives as a new media of origin render. */
export function useRenderMp4() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.request<Job>({ method: 'PUT', path: `/medias/${encodeURIComponent(id)}/render-mp4` }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
