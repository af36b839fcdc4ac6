import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { corporationsQueryOptions } from '../../../lib/queries/corporations';
import { workspacesQueryOptions } from '../../../lib/queries/workspaces';

/** DELETE /v1/corporation/{id}: singular path, as the spec names it. */
export function useDeleteCorporation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (corporationId: string) => api.corporations.remove({ params: { id: corporationId } }),
    onSuccess: (_result, corporationId) => {
      queryClient.setQueryData(corporationsQueryOptions().queryKey, (list) =>
        list?.filter((corporation) => corporation.id !== corporationId),
      );
      return queryClient.invalidateQueries({ queryKey: workspacesQueryOptions().queryKey });
    },
  });
}
