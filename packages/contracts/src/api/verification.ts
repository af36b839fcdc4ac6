import { routeTable } from './route';

/** Email verification and password reset flows; the client offers them under `users`. */
export const verificationRoutes = routeTable({
  startEmailVerification: {
    method: 'PUT',
    path: '/users/:id/verify-email/start',
    access: 'user',
    status: 204,
    apiKey: 'never',
  },
  completeEmailVerification: {
    method: 'PUT',
    path: '/users/verify-email/complete',
    access: 'public',
    status: 204,
  },
  startPasswordReset: {
    method: 'PUT',
    path: '/users/reset-password/start',
    access: 'public',
    status: 204,
  },
  completePasswordReset: {
    method: 'PUT',
    path: '/users/reset-password/complete',
    access: 'public',
    status: 204,
  },
  listEmailVerifications: {
    method: 'GET',
    path: '/email-verifications',
    access: 'self',
  },
  deleteEmailVerification: {
    method: 'DELETE',
    path: '/email-verifications/:id',
    access: 'user',
    status: 204,
    apiKey: 'never',
  },
  listPasswordResets: {
    method: 'GET',
    path: '/password-resets',
    access: 'self',
  },
  deletePasswordReset: {
    method: 'DELETE',
    path: '/password-resets/:id',
    access: 'user',
    status: 204,
    apiKey: 'never',
  },
});
