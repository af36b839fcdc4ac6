import { userRoutes as table } from '@stromwerk/contracts/api/users';
import { userSchemas } from '@stromwerk/contracts/api/users.schemas';
import { updateEmailSchema, updatePasswordSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { LIMITS } from '../auth/limits';
import { clientMetaOf } from '../sessions/sessions.service';

export async function usersRoutes(app: FastifyInstance) {
  const { users, corporations } = app.services;

  registerTable(app, table, userSchemas, ['users'], {
    list: (req) => users.list(actorOf(req), req.query),
    get: (req) => users.get(actorOf(req), req.params.id),
    update: (req) => users.update(actorOf(req), req.params.id, req.body),
    block: (req) => users.setBlocked(actorOf(req), req.params.id, true),
    unblock: (req) => users.setBlocked(actorOf(req), req.params.id, false),
    updateEmail: {
      // Mails the new address and checks the password: both limited per user and address.
      config: { attempts: LIMITS.verifyMail },
      handler: (req) => users.updateEmail(actorOf(req), req.params.id, queryOrBody(updateEmailSchema, req)),
    },
    updatePassword: {
      config: { attempts: LIMITS.passwordCheck },
      handler: (req) =>
        users.updatePassword(
          actorOf(req),
          req.params.id,
          queryOrBody(updatePasswordSchema, req),
          clientMetaOf(req),
        ),
    },
    setFeatureFlag: (req) => users.setFlag(req.params.id, req.params.flag, req.query.enabled),
    flags: async (req) => users.flagsOf(actorOf(req)),
    corporations: (req) => corporations.listOfUser(actorOf(req), req.params.id, req.query),
    socials: async (req) => {
      await users.assertOwn(actorOf(req), req.params.id);
      return app.services.socials.listOf(req.params.id, req.query);
    },
  });
}
