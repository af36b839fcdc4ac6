import { sessionRoutes as table } from '@stromwerk/contracts/api/sessions';
import { sessionSchemas } from '@stromwerk/contracts/api/sessions.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

/** The caller's own login sessions: every route acts on the caller's sessions only. */
export async function sessionsRoutes(app: FastifyInstance) {
  const { sessions } = app.services;

  registerTable(app, table, sessionSchemas, ['users'], {
    logout: (req) => sessions.logout(actorOf(req)),
    sessions: (req) => sessions.list(actorOf(req)),
    endSession: (req) => sessions.revoke(actorOf(req), req.params.id),
    logoutAll: async (req) => {
      const actor = actorOf(req);
      const keep = req.body?.keepCurrent ? actor.sessionId : undefined;
      await sessions.revokeAll(actor.user.id, keep);
    },
  });
}
