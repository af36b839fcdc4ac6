import { corp, routeTable } from './route';

/** Invitations (spec section 2): asking someone by email to join a corporation with given permissions. */
export const invitationRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/invitations',
    access: 'self',
  },
  create: {
    method: 'POST',
    path: '/invitations',
    access: corp('admin'),
    status: 201,
  },
  // Rate-limited by the server: a code is a secret, guessing it must stay slow.
  byCode: {
    method: 'GET',
    path: '/invitations/by-code/:code',
    access: 'public',
  },
  get: { method: 'GET', path: '/invitations/:id', access: corp('admin') },
  update: {
    method: 'PUT',
    path: '/invitations/:id',
    access: corp('admin'),
  },
  resend: {
    method: 'PUT',
    path: '/invitations/:id/resend',
    access: corp('admin'),
  },
  revoke: {
    method: 'DELETE',
    path: '/invitations/:id',
    access: corp('admin'),
    status: 204,
  },
  // Only the invitee answers an invitation: for anyone else it does not exist.
  respond: {
    method: 'PUT',
    path: '/invitations/:id/respond',
    access: 'user',
  },
});
