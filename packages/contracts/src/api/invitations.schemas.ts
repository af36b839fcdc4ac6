import { z } from 'zod';
import { idParamsSchema, pageOf } from '../common';
import { errorResponseSchema } from '../errors';
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
/** The invitation is no longer pending. */
const conflict = { 409: errorResponseSchema };

export const invitationSchemas = schemasFor(invitationRoutes, {
  list: { query: invitationListQuerySchema, response: pageOf(invitationSchema) },
  create: { body: createInvitationBodySchema, response: createdInvitationSchema },
  byCode: { params: z.object({ code: z.string().min(10).max(200) }), response: invitationSchema },
  get: { params, response: invitationSchema },
  update: { params, body: updateInvitationBodySchema, response: invitationSchema, responses: conflict },
  revoke: { params, responses: conflict },
  // Spec section 7: the payload may come as query parameters; the server merges both and validates.
  respond: {
    params,
    query: z.object({ accept: z.enum(['true', 'false']).optional() }),
    body: respondInvitationSchema.partial().nullish(),
    response: invitationSchema,
    responses: conflict,
  },
});
