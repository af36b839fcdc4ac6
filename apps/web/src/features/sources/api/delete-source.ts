import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { SourceItem } from '../../../lib/queries/source-item';

/** One source or a selection, in one request (all or nothing). */
export function useDeleteSources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => api.sources.bulkDelete({ body: { ids } }),
    // Gone from the list at once, not after the next refresh (a deleted live source kept showing Live).
    onSuccess: (_answer, ids) =>
      queryClient.setQueriesData<SourceItem[]>({ queryKey: ['sources', 'workspace'] }, (items) =>
        items?.filter((source) => !ids.includes(source.id)),
      ),
    // Targets lose their feed and players their input with it.
    onSettled: () =>
      Promise.all(
        ['sources', 'targets', 'outputs'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
      ),
  });
}
