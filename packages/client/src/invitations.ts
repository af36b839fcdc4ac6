import type { Page } from '@stromwerk/contracts/common';
import type {
  CreatedInvitation,
  CreateInvitationBody,
  Invitation,
  invitationListQuerySchema,
  updateInvitationBodySchema,
} from '@stromwerk/contracts/invitations';
import type { z } from 'zod';
import type { CallOpts, HttpCore } from './http';
import { path } from './path';

export type InvitationListQuery = Partial<z.infer<typeof invitationListQuerySchema>>;
export type UpdateInvitationBody = z.infer<typeof updateInvitationBodySchema>;

export function invitationsApi(http: HttpCore) {
  const at = (id: string, rest = '') => `${path`/invitations/${id}`}${rest}`;
  return {
    /** `scope: 'mine'` (default) lists invitations addressed to the caller, `sent` those they sent. */
    list: (query?: InvitationListQuery, opts?: CallOpts) =>
      http.request<Page<Invitation>>({ method: 'GET', path: '/invitations', query, ...opts }),
    /** The answer is the only time the code is shown; it is also mailed. */
    create: (body: CreateInvitationBody, opts?: CallOpts) =>
      http.request<CreatedInvitation>({ method: 'POST', path: '/invitations', body, ...opts }),
    /** Works logged out: the sign-up page previews the invitation it was opened with. */
    byCode: (code: string, opts?: CallOpts) =>
      http.request<Invitation>({ method: 'GET', path: path`/invitations/by-code/${code}`, ...opts }),
    get: (id: string, opts?: CallOpts) => http.request<Invitation>({ method: 'GET', path: at(id), ...opts }),
    update: (id: string, body: UpdateInvitationBody, opts?: CallOpts) =>
      http.request<Invitation>({ method: 'PUT', path: at(id), body, ...opts }),
    revoke: (id: string, opts?: CallOpts) => http.request<void>({ method: 'DELETE', path: at(id), ...opts }),
    /** `code`: the mailed invitation code, for an account whose verified email is not the invitee's. */
    respond: (id: string, accept: boolean, opts?: CallOpts & { code?: string }) => {
      const { code, ...rest } = opts ?? {};
      const body = code ? { accept, code } : { accept };
      return http.request<Invitation>({ method: 'PUT', path: at(id, '/respond'), body, ...rest });
    },
  };
}

export type InvitationsApi = ReturnType<typeof invitationsApi>;
