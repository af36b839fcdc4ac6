import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

export const corporationMembersQueryOptions = (corporationId: string) =>
  queryOptions({
    queryKey: ['corporations', corporationId, 'members'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.corporations.members({ params: { id: corporationId }, query: { offset, limit } }, { signal }),
      ),
  });

export function useCorporationMembers(corporationId: string) {
  return useQuery(corporationMembersQueryOptions(corporationId));
}
