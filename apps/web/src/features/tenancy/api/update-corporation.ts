import type { UpdateCorporationBody } from '@stromwerk/contracts/corporations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { corporationsQueryOptions } from '../../../lib/queries/corporations';

export function useUpdateCorporation(corporationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateCorporationBody) =>
      api.corporations.update({ params: { id: corporationId }, body }),
    onSuccess: (updated) =>
      queryClient.setQueryData(corporationsQueryOptions().queryKey, (list) =>
        list?.map((corporation) => (corporation.id === updated.id ? updated : corporation)),
      ),
  });
}
