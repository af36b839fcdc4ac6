import { errorResponseSchema } from '@stromwerk/contracts/errors';
import { loginBodySchema, registerBodySchema, sessionSchema, userSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { actorOf, privateErrors, publicErrors, typed } from '../../lib/route';
import { clientMetaOf } from '../sessions/sessions.service';
import { toUser } from '../users/users.repository';
import { LIMITS } from './limits';

export async function authRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { auth } = app.services;

  app.post(
    '/login',
    {
      config: {
        auth: 'public',
        // Request volume per address and email; failed guesses per address and per account (plugins/attempts).
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (r) => `${r.ip}:${(r.body as { email?: string })?.email ?? ''}`,
        },
        attempts: LIMITS.login,
      },
      schema: {
        tags: ['users'],
        summary: 'Log in with email and password',
        body: loginBodySchema,
        response: {
          200: sessionSchema,
          ...publicErrors,
          401: errorResponseSchema,
          403: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    (req) => auth.login(req.body, clientMetaOf(req)),
  );

  app.post(
    '/users',
    {
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: {
        tags: ['users'],
        summary: 'Create an account (with an invitation code unless sign-up is open)',
        body: registerBodySchema,
        response: { 201: sessionSchema, ...publicErrors, 403: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (req, reply) => reply.status(201).send(await auth.register(req.body, clientMetaOf(req))),
  );

  app.get(
    '/me',
    {
      schema: { tags: ['users'], summary: 'The caller', response: { 200: userSchema, ...privateErrors } },
    },
    async (req) => toUser(actorOf(req).user),
  );
}
