import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { session } from '../../../lib/session';

export const sessionsQueryOptions = () =>
  queryOptions({
    queryKey: ['sessions'],
    queryFn: ({ signal }) => api.users.sessions({}, { signal }),
  });

/** The caller's login sessions: device, address, last use, which one is this browser. */
export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.users.endSession({ params: { id } }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryOptions().queryKey }),
  });
}

/** Ends every session, this one included: the app returns to the login page. */
export function useLogoutEverywhere() {
  return useMutation({
    mutationFn: () => api.users.logoutAll({ body: { keepCurrent: false } }),
    onSuccess: () => session.clear(),
  });
}
