import { corp, routeTable, ws } from './route';

/** Players & recorders (spec section 5): the program of an output, its viewers, recording and passwords. */
export const outputRoutes = routeTable({
  list: { method: 'GET', path: '/outputs', access: 'self' },
  create: {
    method: 'POST',
    path: '/outputs',
    access: ws('write'),
    status: 201,
  },
  get: { method: 'GET', path: '/outputs/:id', access: ws('read') },
  update: {
    method: 'PUT',
    path: '/outputs/:id',
    access: ws('write'),
  },
  remove: {
    method: 'DELETE',
    path: '/outputs/:id',
    access: ws('write'),
    status: 204,
  },
  bulkDelete: {
    method: 'POST',
    path: '/outputs/bulk-delete',
    access: ws('write'),
  },
  bulkUpdate: {
    method: 'POST',
    path: '/outputs/bulk-update',
    access: ws('write'),
  },
  passwords: {
    method: 'GET',
    path: '/outputs/:id/passwords',
    access: ws('write'),
  },
  statistics: {
    method: 'GET',
    path: '/outputs/:id/statistics',
    access: ws('read'),
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/outputs',
    access: ws('read'),
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/outputs',
    access: corp('read'),
  },
});
