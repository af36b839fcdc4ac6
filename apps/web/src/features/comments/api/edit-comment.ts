import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.comments.edit({ params: { id }, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
