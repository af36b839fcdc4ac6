import { type QueryClient, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { meQueryOptions } from '../../../lib/queries/me';

/**
 * A query rather than a mutation: opening the link verifies once, and React's development double
 * mount shares the one request instead of spending the token twice.
 */
export const emailVerificationQueryOptions = (token: string, queryClient: QueryClient) =>
  queryOptions({
    queryKey: ['email-verification', token],
    queryFn: async () => {
      await api.users.completeEmailVerification({ query: { token } });
      // A logged-in user's profile now says "verified".
      await queryClient.invalidateQueries({ queryKey: meQueryOptions().queryKey });
      return true;
    },
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    retry: false,
  });

export function useEmailVerification(token: string) {
  const queryClient = useQueryClient();
  return useQuery({ ...emailVerificationQueryOptions(token, queryClient), enabled: Boolean(token) });
}
