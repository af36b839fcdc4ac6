import { corp, routeTable, ws } from './route';

/** Players & recorders (spec section 5): the program of an output, its viewers, recording and passwords. */
export const outputRoutes = routeTable({
  list: { method: 'GET', path: '/outputs', access: 'self', summary: 'Players the caller may see, filtered' },
  create: {
    method: 'POST',
    path: '/outputs',
    access: ws('write'),
    status: 201,
    summary: 'Create a player & recorder',
  },
  get: { method: 'GET', path: '/outputs/:id', access: ws('read'), summary: 'One player & recorder' },
  update: {
    method: 'PUT',
    path: '/outputs/:id',
    access: ws('write'),
    summary: 'Change a player & recorder; the program follows at once',
  },
  remove: {
    method: 'DELETE',
    path: '/outputs/:id',
    access: ws('write'),
    status: 204,
    summary: 'Delete a player & recorder',
  },
  bulkDelete: {
    method: 'POST',
    path: '/outputs/bulk-delete',
    access: ws('write'),
    summary:
      'Delete up to 200 players & recorders in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
  },
  passwords: {
    method: 'GET',
    path: '/outputs/:id/passwords',
    access: ws('write'),
    summary: 'The viewer passwords (members who may change the output only)',
  },
  statistics: {
    method: 'GET',
    path: '/outputs/:id/statistics',
    access: ws('read'),
    summary: 'Current and peak viewers, views and watch time',
  },
  listInWorkspace: {
    method: 'GET',
    path: '/workspaces/:id/outputs',
    access: ws('read'),
    summary: 'Players of one workspace',
  },
  listInCorporation: {
    method: 'GET',
    path: '/corporations/:id/outputs',
    access: corp('read'),
    summary: 'Players of every workspace of a corporation the caller may see',
  },
});
