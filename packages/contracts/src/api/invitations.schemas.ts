import { z } from 'zod';
import { idParamsSchema, pageOf } from '../common';
import {
  createdInvitationSchema,
  createInvitationBodySchema,
  invitationListQuerySchema,
  invitationSchema,
  respondInvitationSchema,
  updateInvitationBodySchema,
} from '../invitations';
import { invitationRoutes } from './invitations';
import { schemasFor } from './schemas';

const params = idParamsSchema;
export const invitationSchemas = schemasFor(invitationRoutes, {
  list: {
    summary: "Invitations addressed to the caller (scope 'mine') or sent by them (scope 'sent')",
    query: invitationListQuerySchema,
    response: pageOf(invitationSchema),
  },
  create: {
    summary: 'Invite someone by email; the code is in this response and the mail only',
    body: createInvitationBodySchema,
    response: createdInvitationSchema,
  },
  byCode: {
    errors: ['INVITATION_INVALID', 'RATE_LIMITED'],
    summary: 'What an invitation code is for (sign-up page)',
    params: z.object({ code: z.string().min(10).max(200) }),
    response: invitationSchema,
  },
  get: { summary: 'One invitation', params, response: invitationSchema },
  update: {
    errors: ['CONFLICT'],
    summary: 'Change the permissions of a pending invitation',
    params,
    body: updateInvitationBodySchema,
    response: invitationSchema,
  },
  resend: {
    errors: ['CONFLICT'],
    summary: 'Mail a pending invitation again with a new code and a fresh expiry; the old code stops working',
    params,
    response: invitationSchema,
  },
  revoke: { summary: 'Revoke a pending invitation', params, errors: ['CONFLICT'] },
  // Spec section 7: the payload may come as query parameters; the server merges both and validates.
  respond: {
    errors: ['INVITATION_CLOSED', 'INVITATION_INVALID', 'EMAIL_NOT_VERIFIED'],
    summary:
      'Accept or decline (payload in query or body): as the verified addressee, or with the mailed code',
    params,
    query: z.object({ accept: z.enum(['true', 'false']).optional() }),
    body: respondInvitationSchema.partial().nullish(),
    response: invitationSchema,
  },
});
