import type { CreateTargetBody, UpdateTargetBody } from '@stromwerk/contracts/targets';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useCreateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTargetBody) => api.targets.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}

/** A masked secret ('********') sent back keeps the stored one. */
export function useUpdateTarget() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateTargetBody }) =>
      api.targets.update({ params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['targets'] }),
  });
}
