import { routeTable } from './route';

/** Logging in and signing up, and the caller; the client offers them under `users`. */
export const authRoutes = routeTable({
  login: { method: 'POST', path: '/login', access: 'public', summary: 'Log in with email and password' },
  register: {
    method: 'POST',
    path: '/users',
    access: 'public',
    status: 201,
    summary: 'Create an account (with an invitation code unless sign-up is open)',
  },
  me: { method: 'GET', path: '/me', access: 'self', summary: 'The caller' },
});
