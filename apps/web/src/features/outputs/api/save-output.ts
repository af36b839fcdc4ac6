import type { UpdateOutputBody } from '@stromwerk/contracts/outputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { OutputItem } from './types';

export function useCreateOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    // Settings left out take the server's defaults.
    mutationFn: (body: UpdateOutputBody & { workspaceId: string; name: string }) =>
      api.outputs.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}

/** Saves the complete settings of one output (the edit form has them all, passwords included). */
export function useUpdateOutput() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateOutputBody }) =>
      api.outputs.update({ params: { id }, body }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}

/**
 * Bulk edit: `changes` go to every output. An update changes only the settings it names (the server keeps
 * the rest, passwords included), so each output gets the changes alone: one request per output.
 */
export function useUpdateOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ outputs, changes }: { outputs: OutputItem[]; changes: UpdateOutputBody }) => {
      await Promise.all(
        outputs.map((output) => api.outputs.update({ params: { id: output.id }, body: changes })),
      );
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}
