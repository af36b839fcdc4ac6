import type { BulkUpdateOutputsBody, UpdateOutputBody } from '@stromwerk/contracts/outputs';
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
 * Bulk edit: `changes` go to every output, in one request (all or nothing); the server merges them into
 * each output's own settings and keeps the rest (names and passwords included). The list refreshes once.
 */
export function useUpdateOutputs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      outputs,
      changes,
    }: {
      outputs: OutputItem[];
      changes: BulkUpdateOutputsBody['changes'];
    }) => api.outputs.bulkUpdate({ body: { ids: outputs.map((o) => o.id), changes } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['outputs'] }),
  });
}
