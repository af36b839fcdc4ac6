import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Approve or unapprove one comment or a selection. */
export function useSetApproved() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ ids, approved }: { ids: string[]; approved: boolean }) => {
      const action = approved ? 'approve' : 'unapprove';
      for (const id of ids) await api.comments[action]({ params: { id } });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
