import { idParamsSchema, pageOf } from '@stromwerk/contracts/common';
import {
  createdInvitationSchema,
  createInvitationBodySchema,
  invitationListQuerySchema,
  invitationSchema,
  respondInvitationSchema,
  updateInvitationBodySchema,
} from '@stromwerk/contracts/invitations';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, noContent, privateErrors, publicErrors, queryOrBody, typed } from '../../lib/route';

export async function invitationsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { invitations } = app.services;
  const tags = ['invitations'];
  const params = idParamsSchema;

  app.get(
    '/invitations',
    {
      schema: {
        tags,
        querystring: invitationListQuerySchema,
        response: { 200: pageOf(invitationSchema), ...privateErrors },
      },
    },
    (req) => invitations.list(actorOf(req), req.query.scope, req.query.limit, req.query.offset),
  );

  app.post(
    '/invitations',
    {
      schema: {
        tags,
        summary: 'Invite someone by email; the code is in this response and the mail only',
        body: createInvitationBodySchema,
        response: { 201: createdInvitationSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await invitations.create(actorOf(req), req.body)),
  );

  app.get(
    '/invitations/by-code/:code',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'What an invitation code is for (sign-up page)',
        params: z.object({ code: z.string().min(10).max(200) }),
        response: { 200: invitationSchema, ...publicErrors },
      },
    },
    (req) => invitations.byCode(req.params.code),
  );

  app.get(
    '/invitations/:id',
    {
      schema: { tags, params, response: { 200: invitationSchema, ...privateErrors } },
    },
    async (req) => (await invitations.get(actorOf(req), req.params.id)).invitation,
  );

  app.put(
    '/invitations/:id',
    {
      schema: {
        tags,
        params,
        body: updateInvitationBodySchema,
        response: { 200: invitationSchema, ...privateErrors, 409: privateErrors[400] },
      },
    },
    (req) => invitations.update(actorOf(req), req.params.id, req.body.permissions),
  );

  app.delete(
    '/invitations/:id',
    {
      schema: {
        tags,
        summary: 'Revoke a pending invitation',
        params,
        response: { 204: noContent, ...privateErrors, 409: privateErrors[400] },
      },
    },
    async (req, reply) => {
      await invitations.revoke(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/invitations/:id/respond',
    {
      schema: {
        tags,
        summary:
          'Accept or decline (payload in query or body): as the verified addressee, or with the mailed code',
        params,
        querystring: z.object({ accept: z.enum(['true', 'false']).optional() }),
        body: respondInvitationSchema.partial().nullish(),
        response: { 200: invitationSchema, ...privateErrors, 409: privateErrors[400] },
      },
    },
    (req) => {
      const { accept, code } = queryOrBody(respondInvitationSchema, req);
      return invitations.respond(actorOf(req), req.params.id, accept, code);
    },
  );
}
