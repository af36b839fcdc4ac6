import { corp, routeTable, ws } from './route';

/** Workspaces (spec section 2): the unit of a corporation that sources, outputs and medias belong to. */
export const workspaceRoutes = routeTable({
  list: { method: 'GET', path: '/workspaces', access: 'self', summary: 'Every workspace the caller may see' },
  create: {
    method: 'POST',
    path: '/workspaces',
    access: corp('write'),
    status: 201,
    summary: 'Create a workspace in a corporation',
  },
  get: { method: 'GET', path: '/workspaces/:id', access: ws('read'), summary: 'One workspace' },
  update: { method: 'PUT', path: '/workspaces/:id', access: ws('write'), summary: 'Rename a workspace' },
  remove: {
    method: 'DELETE',
    path: '/workspaces/:id',
    access: corp('admin'),
    status: 204,
    summary: 'Delete a workspace with everything in it',
  },
  hasAccess: {
    method: 'GET',
    path: '/workspaces/:id/has-access',
    access: ws('read'),
    summary: 'Whether the caller holds a permission in the workspace',
  },
  setUserPermissions: {
    method: 'PUT',
    path: '/workspaces/:id/set-user-permissions',
    access: ws('admin'),
    status: 204,
    summary: "Set a member's permissions in the workspace",
  },
  members: {
    method: 'GET',
    path: '/workspaces/:id/members',
    access: ws('read'),
    summary: 'Members of the workspace with their permissions',
  },
});
