import { corp, routeTable, ws } from './route';

/** Jobs (spec section 6): renders, thumbnails and other work on media, queued and run by workers. */
export const jobRoutes = routeTable({
  list: { method: 'GET', path: '/jobs', access: 'self' },
  create: {
    method: 'POST',
    path: '/jobs',
    access: ws('write'),
    status: 201,
  },
  get: { method: 'GET', path: '/jobs/:id', access: ws('read') },
  update: {
    method: 'PUT',
    path: '/jobs/:id',
    access: ws('write'),
  },
  remove: {
    method: 'DELETE',
    path: '/jobs/:id',
    access: ws('write'),
    status: 204,
  },
  cancel: {
    method: 'PUT',
    path: '/jobs/:id/cancel',
    access: ws('write'),
  },
  retry: {
    method: 'PUT',
    path: '/jobs/:id/retry',
    access: ws('write'),
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/jobs',
    access: ws('read'),
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/jobs',
    access: corp('read'),
  },
});
