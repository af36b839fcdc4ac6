import { idParamsSchema, pageOf } from '@stromwerk/contracts/common';
import { notificationListQuerySchema, notificationSchema } from '@stromwerk/contracts/notifications';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

/** Spec section 7: notifications list, get, delete; and the per-corporation list. Always the caller's own. */
export async function notificationsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { notifications } = app.services;
  const tags = ['notifications'];
  const params = idParamsSchema;

  app.get(
    '/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications, newest first; delayed ones show ready false until due",
        querystring: notificationListQuerySchema,
        response: { 200: pageOf(notificationSchema), ...privateErrors },
      },
    },
    (req) => notifications.list(actorOf(req), req.query),
  );

  app.get(
    '/notifications/:id',
    { schema: { tags, params, response: { 200: notificationSchema, ...privateErrors } } },
    (req) => notifications.get(actorOf(req), req.params.id),
  );

  app.delete(
    '/notifications/:id',
    { schema: { tags, params, response: { 204: noContent, ...privateErrors } } },
    async (req, reply) => {
      await notifications.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/corporations/:id/notifications',
    {
      schema: {
        tags,
        summary: "The caller's notifications about one corporation",
        params,
        querystring: notificationListQuerySchema,
        response: { 200: pageOf(notificationSchema), ...privateErrors },
      },
    },
    (req) => notifications.listOfCorporation(actorOf(req), req.params.id, req.query),
  );
}
