import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import {
  emailVerificationSchema,
  passwordResetSchema,
  resetPasswordCompleteSchema,
  resetPasswordStartSchema,
  tokenQuerySchema,
} from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, publicErrors, queryOrBody, typed } from '../../lib/route';
import { LIMITS } from '../auth/limits';

export async function verificationRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { verification } = app.services;
  const tags = ['users'];

  app.put(
    '/users/:id/verify-email/start',
    {
      config: { rateLimit: { max: 5, timeWindow: '1 minute' }, attempts: LIMITS.verifyMail },
      schema: {
        tags,
        summary: 'Mail a confirmation link',
        params: idParamsSchema,
        response: { 204: noContent, ...privateErrors, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await verification.startEmailVerification(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/users/verify-email/complete',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        summary: 'Confirm the mailed address; for an email change, the account takes that address now',
        querystring: tokenQuerySchema,
        response: { 204: noContent, ...publicErrors, 409: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await verification.completeEmailVerification(req.query.token);
      return reply.status(204).send();
    },
  );

  app.put(
    '/users/reset-password/start',
    {
      config: {
        auth: 'public',
        rateLimit: {
          max: 5,
          timeWindow: '1 minute',
          keyGenerator: (r) => `${r.ip}:${(r.query as { email?: string }).email ?? ''}`,
        },
        attempts: LIMITS.resetStart,
      },
      schema: {
        tags,
        summary: 'Mail a reset link (answers 204 whether or not the address exists)',
        querystring: resetPasswordStartSchema,
        response: { 204: noContent, ...publicErrors, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      await verification.startPasswordReset(req.query.email);
      return reply.status(204).send();
    },
  );

  app.put(
    '/users/reset-password/complete',
    {
      config: {
        auth: 'public',
        rateLimit: { max: 20, timeWindow: '1 minute' },
        attempts: LIMITS.resetComplete,
      },
      schema: {
        tags,
        summary: 'Set a new password with the mailed token; every session of the account ends',
        querystring: resetPasswordCompleteSchema.partial(),
        body: resetPasswordCompleteSchema.partial().nullish(),
        response: { 204: noContent, ...publicErrors, 429: errorResponseSchema },
      },
    },
    async (req, reply) => {
      const input = queryOrBody(resetPasswordCompleteSchema, req);
      await verification.completePasswordReset(input.token, input.password);
      return reply.status(204).send();
    },
  );

  app.get(
    '/email-verifications',
    {
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: { 200: pageOf(emailVerificationSchema), ...privateErrors },
      },
    },
    (req) => verification.listEmailVerifications(actorOf(req), req.query),
  );

  app.delete(
    '/email-verifications/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await verification.deleteEmailVerification(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/password-resets',
    {
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: { 200: pageOf(passwordResetSchema), ...privateErrors },
      },
    },
    (req) => verification.listPasswordResets(actorOf(req), req.query),
  );

  app.delete(
    '/password-resets/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await verification.deletePasswordReset(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
