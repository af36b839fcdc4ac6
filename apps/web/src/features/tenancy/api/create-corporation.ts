import type { CreateCorporationBody } from '@stromwerk/contracts/corporations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { corporationsQueryOptions } from '../../../lib/queries/corporations';

/** POST /v1/corporations: the caller becomes its administrator. */
export function useCreateCorporation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCorporationBody) => api.corporations.create({ body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: corporationsQueryOptions().queryKey }),
  });
}
