import { corp, routeTable, ws } from './route';

/** Jobs (spec section 6): renders, thumbnails and other work on media, queued and run by workers. */
export const jobRoutes = routeTable({
  list: { method: 'GET', path: '/jobs', access: 'self', summary: 'Jobs the caller may see, filtered' },
  create: {
    method: 'POST',
    path: '/jobs',
    access: ws('write'),
    status: 201,
    summary: 'Queue a job on a media',
  },
  get: { method: 'GET', path: '/jobs/:id', access: ws('read'), summary: 'One job with its progress' },
  update: {
    method: 'PUT',
    path: '/jobs/:id',
    access: ws('write'),
    errors: [409],
    summary: 'Change the priority of a queued job (`priority` in the query or the body)',
  },
  remove: {
    method: 'DELETE',
    path: '/jobs/:id',
    access: ws('write'),
    status: 204,
    errors: [409],
    summary: 'Delete an ended job',
  },
  cancel: {
    method: 'PUT',
    path: '/jobs/:id/cancel',
    access: ws('write'),
    errors: [409],
    summary: 'Cancel a queued or running job: its process stops at once and partial output is removed',
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/jobs',
    access: ws('read'),
    summary: 'Jobs of one workspace',
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/jobs',
    access: corp('read'),
    summary: 'Jobs of every workspace of a corporation the caller may see',
  },
});
