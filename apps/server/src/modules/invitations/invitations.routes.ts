import { invitationRoutes } from '@stromwerk/contracts/api/invitations';
import { invitationSchemas } from '@stromwerk/contracts/api/invitations.schemas';
import { respondInvitationSchema } from '@stromwerk/contracts/invitations';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function invitationsRoutes(app: FastifyInstance) {
  const { invitations } = app.services;
  registerTable(app, invitationRoutes, invitationSchemas, ['invitations'], {
    list: (req) => invitations.list(actorOf(req), req.query.scope, req.query.limit, req.query.offset),
    create: (req) => invitations.create(actorOf(req), req.body),
    // Public: the sign-up page previews its code; rate-limited so codes cannot be guessed quickly.
    byCode: {
      handler: (req) => invitations.byCode(req.params.code),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    get: async (req) => (await invitations.get(actorOf(req), req.params.id)).invitation,
    update: (req) => invitations.update(actorOf(req), req.params.id, req.body.permissions),
    resend: (req) => invitations.resend(actorOf(req), req.params.id),
    revoke: (req) => invitations.revoke(actorOf(req), req.params.id),
    respond: (req) => {
      const { accept, code } = queryOrBody(respondInvitationSchema, req);
      return invitations.respond(actorOf(req), req.params.id, accept, code);
    },
  });
}
