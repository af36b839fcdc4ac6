import { idParamsSchema } from '@stromwerk/contracts/common';
import { logoutAllBodySchema, sessionInfoSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

/** The caller's own login sessions: every route acts on the caller's sessions only (`auth: 'user'`). */
export async function sessionsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { sessions } = app.services;
  const tags = ['users'];

  app.post(
    '/logout',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'End the session of this request (its token stops working, live connections close)',
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      await sessions.logout(actorOf(req));
      return reply.status(204).send();
    },
  );

  app.get(
    '/sessions',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: "The caller's open sessions, most recently used first; `current` marks this one",
        response: { 200: z.array(sessionInfoSchema), ...privateErrors },
      },
    },
    (req) => sessions.list(actorOf(req)),
  );

  app.delete(
    '/sessions/:id',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'End one of the caller’s sessions',
        params: idParamsSchema,
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      await sessions.revoke(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.post(
    '/sessions/logout-all',
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: 'End every session of the caller, or every other one with keepCurrent',
        body: logoutAllBodySchema.nullish(),
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      const actor = actorOf(req);
      const keep = req.body?.keepCurrent ? actor.sessionId : undefined;
      await sessions.revokeAll(actor.user.id, keep);
      return reply.status(204).send();
    },
  );
}
