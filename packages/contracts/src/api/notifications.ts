import { corp, routeTable } from './route';

/**
 * Stored notifications (spec section 7), always the caller's own. The MQTT broker's routes
 * (`/broker/*`) are not in a table yet: they stay in apps/server/src/modules/notifications/broker.routes.ts.
 */
export const notificationRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/notifications',
    access: 'self',
  },
  get: {
    method: 'GET',
    path: '/notifications/:id',
    access: 'user',
  },
  remove: {
    method: 'DELETE',
    path: '/notifications/:id',
    access: 'user',
    status: 204,
  },
  listOfCorporation: {
    method: 'GET',
    path: '/corporations/:id/notifications',
    access: corp('read'),
  },
});
