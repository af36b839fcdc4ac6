import { notificationRoutes } from '@stromwerk/contracts/api/notifications';
import { notificationSchemas } from '@stromwerk/contracts/api/notifications.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

/** Spec section 7: notifications list, get, delete; and the per-corporation list. Always the caller's own. */
export async function notificationsRoutes(app: FastifyInstance) {
  const { notifications } = app.services;
  registerTable(app, notificationRoutes, notificationSchemas, ['notifications'], {
    list: (req) => notifications.list(actorOf(req), req.query),
    get: (req) => notifications.get(actorOf(req), req.params.id),
    remove: (req) => notifications.delete(actorOf(req), req.params.id),
    listOfCorporation: (req) => notifications.listOfCorporation(actorOf(req), req.params.id, req.query),
  });
}
