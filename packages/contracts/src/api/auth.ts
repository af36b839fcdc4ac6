import { routeTable } from './route';

/** Logging in and signing up, and the caller; the client offers them under `users`. */
export const authRoutes = routeTable({
  login: {
    method: 'POST',
    path: '/login',
    access: 'public',
  },
  register: {
    method: 'POST',
    path: '/users',
    access: 'public',
    status: 201,
  },
  me: { method: 'GET', path: '/me', access: 'self' },
});
