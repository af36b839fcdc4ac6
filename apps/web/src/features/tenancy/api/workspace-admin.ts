import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';

const refresh = (queryClient: ReturnType<typeof useQueryClient>) => () =>
  queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });

/** PUT /v1/workspaces/{id}: rename. */
export function useRenameWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api.workspaces.update({ params: { id }, body: { name } }),
    onSuccess: refresh(queryClient),
  });
}

/** DELETE /v1/workspaces/{id}: with everything in it. */
export function useDeleteWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.workspaces.remove({ params: { id } }),
    onSuccess: refresh(queryClient),
  });
}

/** PUT /v1/corporations/{id}/set-workspace-sorting: the whole order at once. */
export function useSortWorkspaces(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (workspaceIds: string[]) =>
      api.corporations.setWorkspaceSorting({ params: { id: corporationId }, body: { workspaceIds } }),
    onSettled: refresh(queryClient),
  });
}
