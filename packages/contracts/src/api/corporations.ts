import { corp, routeTable } from './route';

/** Corporations (spec section 2): the tenant, its members, workspace order and pending invitations. */
export const corporationRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/corporations',
    access: 'self',
  },
  create: {
    method: 'POST',
    path: '/corporations',
    access: 'self',
    status: 201,
  },
  get: { method: 'GET', path: '/corporations/:id', access: corp('read') },
  update: {
    method: 'PUT',
    path: '/corporations/:id',
    access: corp('admin'),
  },
  // The spec names the singular path for deletion.
  remove: {
    method: 'DELETE',
    path: '/corporation/:id',
    access: corp('admin'),
    status: 204,
  },
  block: {
    method: 'PUT',
    path: '/corporations/:id/block',
    access: 'platform',
  },
  unblock: {
    method: 'PUT',
    path: '/corporations/:id/unblock',
    access: 'platform',
  },
  hasAccess: {
    method: 'GET',
    path: '/corporations/:id/has-access',
    access: corp('read'),
  },
  setUserPermissions: {
    method: 'PUT',
    path: '/corporations/:id/set-user-permissions',
    access: corp('admin'),
    status: 204,
  },
  // Members of single workspaces see their workspace's members, not everyone's email in the corporation.
  members: {
    method: 'GET',
    path: '/corporations/:id/members',
    access: { scope: 'corporation', need: 'read', corporationLevel: true },
  },
  // Every membership, corporation-level and per workspace, so an administrator's member list is one read.
  memberships: {
    method: 'GET',
    path: '/corporations/:id/memberships',
    access: corp('admin'),
  },
  setWorkspaceSorting: {
    method: 'PUT',
    path: '/corporations/:id/set-workspace-sorting',
    access: corp('write'),
    status: 204,
  },
  workspaces: {
    method: 'GET',
    path: '/corporations/:id/workspaces',
    access: corp('read'),
  },
  invitations: {
    method: 'GET',
    path: '/corporations/:id/invitations',
    access: corp('admin'),
  },
});
