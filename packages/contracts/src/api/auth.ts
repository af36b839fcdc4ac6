import { routeTable } from './route';

/** Logging in and signing up, and the caller; the client offers them under `users`. */
export const authRoutes = routeTable({
  login: {
    method: 'POST',
    path: '/login',
    access: 'public',
    errors: ['INVALID_CREDENTIALS', 'USER_BLOCKED', 'RATE_LIMITED'],
  },
  register: {
    method: 'POST',
    path: '/users',
    access: 'public',
    status: 201,
    errors: ['SIGNUP_DISABLED', 'INVITATION_INVALID', 'EMAIL_TAKEN'],
  },
  me: { method: 'GET', path: '/me', access: 'self' },
});
