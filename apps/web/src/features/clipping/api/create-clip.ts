import type { CreateClipBody } from '@stromwerk/contracts/clips';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /v1/clips: the media (origin clip) comes back at once, its job makes the files. */
export function useCreateClip() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateClipBody) => api.clips.create({ body }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['jobs'] }),
        queryClient.invalidateQueries({ queryKey: ['medias', 'workspace'] }),
      ]),
  });
}
