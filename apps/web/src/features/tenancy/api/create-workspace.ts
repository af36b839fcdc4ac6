import type { CreateWorkspaceBody } from '@stromwerk/contracts/workspaces';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';

export function useCreateWorkspace() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateWorkspaceBody) => api.workspaces.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey }),
  });
}
