import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { UserData } from '../../../lib/types';

export const emailVerificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['email-verifications'],
    queryFn: ({ signal }) => api.users.listEmailVerifications({ query: { limit: 50 } }, { signal }),
  });

/** A requested email change still waiting for its link to be opened: the newest one, if any. */
export function usePendingEmail(user: UserData) {
  const query = useQuery(emailVerificationsQueryOptions());
  return query.data?.items.find(
    (v) => v.userId === user.id && v.email !== user.email && new Date(v.expiry).getTime() > Date.now(),
  );
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.users.deleteEmailVerification({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailVerificationsQueryOptions().queryKey }),
  });
}
