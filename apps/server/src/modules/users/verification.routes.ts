import { verificationRoutes as table } from '@stromwerk/contracts/api/verification';
import { verificationSchemas } from '@stromwerk/contracts/api/verification.schemas';
import { resetPasswordCompleteSchema } from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { LIMITS } from '../auth/limits';

export async function verificationRoutes(app: FastifyInstance) {
  const { verification } = app.services;

  registerTable(app, table, verificationSchemas, ['users'], {
    startEmailVerification: {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' }, attempts: LIMITS.verifyMail },
      handler: (req) => verification.startEmailVerification(actorOf(req), req.params.id),
    },
    completeEmailVerification: (req) => verification.completeEmailVerification(req.query.token),
    startPasswordReset: {
      config: {
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          keyGenerator: (r) => `${r.ip}:${(r.query as { email?: string }).email ?? ''}`,
        },
        attempts: LIMITS.resetStart,
      },
      handler: (req) => verification.startPasswordReset(req.query.email),
    },
    completePasswordReset: {
      config: { rateLimit: { max: 20, timeWindow: '1 minute' }, attempts: LIMITS.resetComplete },
      handler: async (req) => {
        const input = queryOrBody(resetPasswordCompleteSchema, req);
        await verification.completePasswordReset(input.token, input.password);
      },
    },
    listEmailVerifications: (req) => verification.listEmailVerifications(actorOf(req), req.query),
    deleteEmailVerification: (req) => verification.deleteEmailVerification(actorOf(req), req.params.id),
    listPasswordResets: (req) => verification.listPasswordResets(actorOf(req), req.query),
    deletePasswordReset: (req) => verification.deletePasswordReset(actorOf(req), req.params.id),
  });
}
