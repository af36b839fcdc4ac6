import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const outputPasswordsQueryOptions = (outputId: string) =>
  queryOptions({
    queryKey: ['outputs', outputId, 'passwords'],
    queryFn: ({ signal }) => api.outputs.passwords({ params: { id: outputId } }, { signal }),
    // Secrets: fetched when the form opens, not kept around afterwards.
    staleTime: 0,
    gcTime: 0,
  });

/** The viewer passwords, only for the edit form of one output (`outputId` null: nothing to load). */
export function useOutputPasswords(outputId: string | null) {
  return useQuery({ ...outputPasswordsQueryOptions(outputId ?? ''), enabled: Boolean(outputId) });
}
