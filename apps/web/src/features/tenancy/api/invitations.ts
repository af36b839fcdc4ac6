import type { CreateInvitationBody } from '@stromwerk/contracts/invitations';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { fetchAll } from '../../../lib/fetch-all';

export const corporationInvitationsQueryOptions = (corporationId: string) =>
  queryOptions({
    queryKey: ['corporations', corporationId, 'invitations'],
    queryFn: ({ signal }) =>
      fetchAll((offset, limit) =>
        api.corporations.invitations({ params: { id: corporationId }, query: { offset, limit } }, { signal }),
      ),
    select: (list) => list.filter((i) => i.status === 'pending'),
  });

/** Pending invitations of the corporation (administrators only). */
export function usePendingInvitations(corporationId: string, enabled: boolean) {
  return useQuery({ ...corporationInvitationsQueryOptions(corporationId), enabled });
}

function useInvitationMutation<A, R>(corporationId: string, fn: (arg: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: corporationInvitationsQueryOptions(corporationId).queryKey }),
  });
}

export const useCreateInvitation = (corporationId: string) =>
  useInvitationMutation(corporationId, (body: CreateInvitationBody) => api.invitations.create({ body }));
export const useResendInvitation = (corporationId: string) =>
  useInvitationMutation(corporationId, (id: string) => api.invitations.resend({ params: { id } }));
export const useRevokeInvitation = (corporationId: string) =>
  useInvitationMutation(corporationId, (id: string) => api.invitations.revoke({ params: { id } }));
