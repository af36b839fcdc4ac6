import type { CreateTargetBody, Target, UpdateTargetBody } from '@stromwerk/contracts/targets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTargetBody) => api.request<Target>({ method: 'POST', path: '/targets', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}

/** A masked secret ('********') sent back keeps the stored one. */
export function useUpdateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTargetBody }) =>
      api.request<Target>({ method: 'PUT', path: `/targets/${encodeURIComponent(id)}`, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}
