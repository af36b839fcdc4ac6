import { corp, routeTable, ws } from './route';

/** Workspaces (spec section 2): the unit of a corporation that sources, outputs and medias belong to. */
export const workspaceRoutes = routeTable({
  list: { method: 'GET', path: '/workspaces', access: 'self' },
  create: {
    method: 'POST',
    path: '/workspaces',
    access: corp('write'),
    status: 201,
  },
  get: { method: 'GET', path: '/workspaces/:id', access: ws('read') },
  update: { method: 'PUT', path: '/workspaces/:id', access: ws('write') },
  remove: {
    method: 'DELETE',
    path: '/workspaces/:id',
    access: corp('admin'),
    status: 204,
  },
  hasAccess: {
    method: 'GET',
    path: '/workspaces/:id/has-access',
    access: ws('read'),
  },
  setUserPermissions: {
    method: 'PUT',
    path: '/workspaces/:id/set-user-permissions',
    access: ws('admin'),
    status: 204,
  },
  members: {
    method: 'GET',
    path: '/workspaces/:id/members',
    access: ws('read'),
  },
});
