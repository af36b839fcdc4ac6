import { corp, routeTable } from './route';

/** Corporations (spec section 2): the tenant, its members, workspace order and pending invitations. */
export const corporationRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/corporations',
    access: 'self',
    summary: 'Corporations the caller belongs to',
  },
  create: {
    method: 'POST',
    path: '/corporations',
    access: 'self',
    status: 201,
    summary: 'Create a corporation; the caller becomes its administrator',
  },
  get: { method: 'GET', path: '/corporations/:id', access: corp('read'), summary: 'One corporation' },
  update: {
    method: 'PUT',
    path: '/corporations/:id',
    access: corp('admin'),
    summary: 'Change a corporation',
  },
  // The spec names the singular path for deletion.
  remove: {
    method: 'DELETE',
    path: '/corporation/:id',
    access: corp('admin'),
    status: 204,
    summary: 'Delete a corporation with all its workspaces',
  },
  block: {
    method: 'PUT',
    path: '/corporations/:id/block',
    access: 'platform',
    summary: 'Block a corporation (platform administrators)',
  },
  unblock: {
    method: 'PUT',
    path: '/corporations/:id/unblock',
    access: 'platform',
    summary: 'Unblock a corporation (platform administrators)',
  },
  hasAccess: {
    method: 'GET',
    path: '/corporations/:id/has-access',
    access: corp('read'),
    summary: 'Whether the caller holds a permission in the corporation',
  },
  setUserPermissions: {
    method: 'PUT',
    path: '/corporations/:id/set-user-permissions',
    access: corp('admin'),
    status: 204,
    summary: "Set a member's corporation-level permissions; 409 for the last administrator",
  },
  // Members of single workspaces see their workspace's members, not everyone's email in the corporation.
  members: {
    method: 'GET',
    path: '/corporations/:id/members',
    access: { scope: 'corporation', need: 'read', corporationLevel: true },
    summary: 'Members of the corporation with their permissions',
  },
  setWorkspaceSorting: {
    method: 'PUT',
    path: '/corporations/:id/set-workspace-sorting',
    access: corp('write'),
    status: 204,
    summary: 'Order the workspaces of the corporation',
  },
  workspaces: {
    method: 'GET',
    path: '/corporations/:id/workspaces',
    access: corp('read'),
    summary: 'Workspaces of the corporation the caller may see',
  },
  invitations: {
    method: 'GET',
    path: '/corporations/:id/invitations',
    access: corp('admin'),
    summary: 'Invitations sent for the corporation',
  },
});
