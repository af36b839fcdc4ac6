import { authRoutes as table } from '@stromwerk/contracts/api/auth';
import { authSchemas } from '@stromwerk/contracts/api/auth.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { clientMetaOf } from '../sessions/sessions.service';
import { toUser } from '../users/users.repository';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  registerTable(app, table, authSchemas, ['users'], {
    login: {
      config: {
        // Failed guesses per account and client pair with a growing wait, and per client (login-guard.ts);
        // a successful login never counts (issue 31), so there is no plain request-volume limit here.
        loginGuard: true,
      },
      handler: (req) => auth.login(req.body, clientMetaOf(req)),
    },
    register: {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      handler: (req) => auth.register(req.body, clientMetaOf(req)),
    },
    // Answered in the request's own turn: the caller is known, nothing to wait for.
    me: (req) => toUser(actorOf(req).user),
  });
}
