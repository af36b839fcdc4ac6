import { routeTable } from './route';

/** Email verification and password reset flows; the client offers them under `users`. */
export const verificationRoutes = routeTable({
  startEmailVerification: {
    method: 'PUT',
    path: '/users/:id/verify-email/start',
    access: 'user',
    status: 204,
    summary: 'Mail a confirmation link',
  },
  completeEmailVerification: {
    method: 'PUT',
    path: '/users/verify-email/complete',
    access: 'public',
    status: 204,
    summary: 'Confirm the mailed address; for an email change, the account takes that address now',
  },
  startPasswordReset: {
    method: 'PUT',
    path: '/users/reset-password/start',
    access: 'public',
    status: 204,
    summary: 'Mail a reset link (answers 204 whether or not the address exists)',
  },
  completePasswordReset: {
    method: 'PUT',
    path: '/users/reset-password/complete',
    access: 'public',
    status: 204,
    summary: 'Set a new password with the mailed token; every session of the account ends',
  },
  listEmailVerifications: {
    method: 'GET',
    path: '/email-verifications',
    access: 'self',
    summary: "The caller's pending email confirmations",
  },
  deleteEmailVerification: {
    method: 'DELETE',
    path: '/email-verifications/:id',
    access: 'user',
    status: 204,
    summary: 'Withdraw a pending email confirmation (its link stops working)',
  },
  listPasswordResets: {
    method: 'GET',
    path: '/password-resets',
    access: 'self',
    summary: "The caller's pending password resets",
  },
  deletePasswordReset: {
    method: 'DELETE',
    path: '/password-resets/:id',
    access: 'user',
    status: 204,
    summary: 'Withdraw a pending password reset (its link stops working)',
  },
});
