import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Stops a queued or running job; the server removes its partial output. */
export function useCancelJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.jobs.cancel({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
