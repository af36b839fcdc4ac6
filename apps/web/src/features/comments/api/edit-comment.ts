import type { Comment } from '@stromwerk/contracts/comments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useEditComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) =>
      api.request<Comment>({ method: 'PUT', path: `/comments/${encodeURIComponent(id)}`, body: { text } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['comments'] }),
  });
}
