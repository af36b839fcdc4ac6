import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import { corporationSchema } from '@stromwerk/contracts/corporations';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import { socialSchema } from '@stromwerk/contracts/socials';
import {
  featureFlagParamsSchema,
  featureFlagQuerySchema,
  sessionSchema,
  updateEmailSchema,
  updatePasswordSchema,
  updateUserBodySchema,
  userFlagsSchema,
  userSchema,
} from '@stromwerk/contracts/users';
import type { FastifyInstance } from 'fastify';
import { actorOf, privateErrors, queryOrBody, typed } from '../../lib/route';
import { LIMITS } from '../auth/limits';
import { clientMetaOf } from '../sessions/sessions.service';

export async function usersRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { users, corporations } = app.services;
  const tags = ['users'];

  app.get(
    '/users',
    {
      schema: {
        tags,
        summary: 'Users the caller may see',
        querystring: pageQuerySchema,
        response: { 200: pageOf(userSchema), ...privateErrors },
      },
    },
    (req) => users.list(actorOf(req), req.query),
  );

  app.get(
    '/users/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 200: userSchema, ...privateErrors } },
    },
    (req) => users.get(actorOf(req), req.params.id),
  );

  app.put(
    '/users/:id',
    {
      schema: {
        tags,
        summary: 'Change profile: name, language, avatar',
        params: idParamsSchema,
        body: updateUserBodySchema,
        response: { 200: userSchema, ...privateErrors },
      },
    },
    (req) => users.update(actorOf(req), req.params.id, req.body),
  );

  app.put(
    '/users/:id/block',
    {
      config: { auth: 'admin' },
      schema: { tags, params: idParamsSchema, response: { 200: userSchema, ...privateErrors } },
    },
    (req) => users.setBlocked(actorOf(req), req.params.id, true),
  );

  app.put(
    '/users/:id/unblock',
    {
      config: { auth: 'admin' },
      schema: { tags, params: idParamsSchema, response: { 200: userSchema, ...privateErrors } },
    },
    (req) => users.setBlocked(actorOf(req), req.params.id, false),
  );

  app.put(
    '/users/:id/update-email',
    {
      // Mails the new address and checks the password: both limited per user and address.
      config: { attempts: LIMITS.verifyMail },
      schema: {
        tags,
        summary:
          'Change the email address: mails a confirmation link to the new address, which takes effect once opened',
        params: idParamsSchema,
        querystring: updateEmailSchema.partial(),
        body: updateEmailSchema.partial().nullish(),
        response: { 200: userSchema, ...privateErrors, 409: privateErrors[400], 429: errorResponseSchema },
      },
    },
    (req) => users.updateEmail(actorOf(req), req.params.id, queryOrBody(updateEmailSchema, req)),
  );

  app.put(
    '/users/:id/update-password',
    {
      config: { attempts: LIMITS.passwordCheck },
      schema: {
        tags,
        summary: 'Change the password; every session ends, the caller gets a fresh one',
        params: idParamsSchema,
        querystring: updatePasswordSchema.partial(),
        body: updatePasswordSchema.partial().nullish(),
        response: { 200: sessionSchema, ...privateErrors, 429: errorResponseSchema },
      },
    },
    (req) =>
      users.updatePassword(
        actorOf(req),
        req.params.id,
        queryOrBody(updatePasswordSchema, req),
        clientMetaOf(req),
      ),
  );

  app.put(
    '/users/:id/feature-flag/:flag',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        params: featureFlagParamsSchema,
        querystring: featureFlagQuerySchema,
        response: { 200: userFlagsSchema, ...privateErrors },
      },
    },
    (req) => users.setFlag(req.params.id, req.params.flag, req.query.enabled),
  );

  app.get(
    '/user-flags',
    {
      schema: {
        tags,
        summary: "The caller's feature flags",
        response: { 200: userFlagsSchema, ...privateErrors },
      },
    },
    async (req) => users.flagsOf(actorOf(req)),
  );

  app.get(
    '/users/:id/corporations',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(corporationSchema), ...privateErrors },
      },
    },
    (req) => corporations.listOfUser(actorOf(req), req.params.id, req.query),
  );

  app.get(
    '/users/:id/socials',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(socialSchema), ...privateErrors },
      },
    },
    (req) => users.socialsOf(actorOf(req), req.params.id, req.query),
  );
}
