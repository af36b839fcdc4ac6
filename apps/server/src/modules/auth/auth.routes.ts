import { authRoutes as table } from '@stromwerk/contracts/api/auth';
import { authSchemas } from '@stromwerk/contracts/api/auth.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { clientMetaOf } from '../sessions/sessions.service';
import { toUser } from '../users/users.repository';
import { LIMITS } from './limits';

export async function authRoutes(app: FastifyInstance) {
  const { auth } = app.services;

  registerTable(app, table, authSchemas, ['users'], {
    login: {
      config: {
        // Request volume per address and email; failed guesses per address and per account (plugins/attempts).
        rateLimit: {
          max: 10,
          timeWindow: '1 minute',
          keyGenerator: (r) => `${r.ip}:${(r.body as { email?: string })?.email ?? ''}`,
        },
        attempts: LIMITS.login,
      },
      handler: (req) => auth.login(req.body, clientMetaOf(req)),
    },
    register: {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
      handler: (req) => auth.register(req.body, clientMetaOf(req)),
    },
    me: async (req) => toUser(actorOf(req).user),
  });
}
