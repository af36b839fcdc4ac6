import { corp, routeTable, ws } from './route';

/** Live-stream targets (spec section 4): custom RTMP, SRT and Icecast receivers fed by a source or player. */
export const targetRoutes = routeTable({
  list: { method: 'GET', path: '/targets', access: 'self' },
  create: {
    method: 'POST',
    path: '/targets',
    access: ws('write'),
    status: 201,
  },
  get: { method: 'GET', path: '/targets/:id', access: ws('read') },
  update: {
    method: 'PUT',
    path: '/targets/:id',
    access: ws('write'),
  },
  remove: {
    method: 'DELETE',
    path: '/targets/:id',
    access: ws('write'),
    status: 204,
  },
  bulkDelete: {
    method: 'POST',
    path: '/targets/bulk-delete',
    access: ws('write'),
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/targets',
    access: ws('read'),
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/targets',
    access: corp('read'),
  },
});
