import type { CreateSourceBody, UpdateSourceBody } from '@stromwerk/contracts/sources';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function useCreateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateSourceBody) => api.sources.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}

export function useUpdateSource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateSourceBody }) =>
      api.sources.update({ params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}

/**
 * "Enable/disable recording" for a selection: one request for all of them (all or nothing), then the list
 * refreshes once.
 */
export function useSetSourcesRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, recording }: { ids: string[]; recording: boolean }) =>
      api.sources.bulkUpdate({ body: { ids, changes: { recording } } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['sources'] }),
  });
}
