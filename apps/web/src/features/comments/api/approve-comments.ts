import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Approve or unapprove one comment or a selection, in one request (all or nothing). */
export function useSetApproved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, approved }: { ids: string[]; approved: boolean }) =>
      api.comments[approved ? 'bulkApprove' : 'bulkUnapprove']({ body: { ids } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
