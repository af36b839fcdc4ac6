import { corp, routeTable, ws } from './route';

/** Live-stream targets (spec section 4): custom RTMP, SRT and Icecast receivers fed by a source or player. */
export const targetRoutes = routeTable({
  list: { method: 'GET', path: '/targets', access: 'self', summary: 'Targets the caller may see, filtered' },
  create: {
    method: 'POST',
    path: '/targets',
    access: ws('write'),
    status: 201,
    summary: 'Create a live-stream target (custom RTMP, SRT or Icecast)',
  },
  get: { method: 'GET', path: '/targets/:id', access: ws('read'), summary: 'One target' },
  update: {
    method: 'PUT',
    path: '/targets/:id',
    access: ws('write'),
    summary: 'Change a target; enabled=false stops it at once',
  },
  remove: {
    method: 'DELETE',
    path: '/targets/:id',
    access: ws('write'),
    status: 204,
    summary: 'Delete a target',
  },
  bulkDelete: {
    method: 'POST',
    path: '/targets/bulk-delete',
    access: ws('write'),
    summary:
      'Delete up to 200 targets in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/targets',
    access: ws('read'),
    summary: 'Targets of one workspace',
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/targets',
    access: corp('read'),
    summary: 'Targets of every workspace of a corporation the caller may see',
  },
});
