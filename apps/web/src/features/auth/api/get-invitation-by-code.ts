import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const invitationByCodeQueryOptions = (code: string) =>
  queryOptions({
    queryKey: ['invitations', 'by-code', code],
    queryFn: ({ signal }) => api.invitations.byCode({ params: { code } }, { signal }),
    retry: false,
  });

export function useInvitationByCode(code: string) {
  return useQuery({ ...invitationByCodeQueryOptions(code), enabled: Boolean(code) });
}
