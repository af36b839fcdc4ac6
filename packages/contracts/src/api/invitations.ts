import { corp, routeTable } from './route';

/** Invitations (spec section 2): asking someone by email to join a corporation with given permissions. */
export const invitationRoutes = routeTable({
  list: {
    method: 'GET',
    path: '/invitations',
    access: 'self',
    summary: "Invitations addressed to the caller (scope 'mine') or sent by them (scope 'sent')",
  },
  create: {
    method: 'POST',
    path: '/invitations',
    access: corp('admin'),
    status: 201,
    summary: 'Invite someone by email; the code is in this response and the mail only',
  },
  // Rate-limited by the server: a code is a secret, guessing it must stay slow.
  byCode: {
    method: 'GET',
    path: '/invitations/by-code/:code',
    access: 'public',
    summary: 'What an invitation code is for (sign-up page)',
  },
  get: { method: 'GET', path: '/invitations/:id', access: corp('admin'), summary: 'One invitation' },
  update: {
    method: 'PUT',
    path: '/invitations/:id',
    access: corp('admin'),
    summary: 'Change the permissions of a pending invitation',
  },
  revoke: {
    method: 'DELETE',
    path: '/invitations/:id',
    access: corp('admin'),
    status: 204,
    summary: 'Revoke a pending invitation',
  },
  // Only the invitee answers an invitation: for anyone else it does not exist.
  respond: {
    method: 'PUT',
    path: '/invitations/:id/respond',
    access: 'user',
    summary:
      'Accept or decline (payload in query or body): as the verified addressee, or with the mailed code',
  },
});
