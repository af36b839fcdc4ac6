import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

export const userSocialsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', userId, 'socials'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.users.socials({ params: { id: userId }, query: { offset, limit } }, { signal }),
      ),
  });

export function useUserSocials(userId: string) {
  return useQuery(userSocialsQueryOptions(userId));
}
