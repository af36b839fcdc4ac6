import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Only ended jobs (done, failed, cancelled) can be deleted. */
export function useDeleteJob() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.jobs.remove({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['jobs'] }),
  });
}
