import { routeTable } from './route';

/** The caller's own login sessions; the client offers them under `users`. */
export const sessionRoutes = routeTable({
  logout: {
    method: 'POST',
    path: '/logout',
    access: 'self',
    status: 204,
    apiKey: 'never',
  },
  sessions: {
    method: 'GET',
    path: '/sessions',
    access: 'self',
    apiKey: 'never',
  },
  endSession: {
    method: 'DELETE',
    path: '/sessions/:id',
    access: 'user',
    status: 204,
    apiKey: 'never',
  },
  logoutAll: {
    method: 'POST',
    path: '/sessions/logout-all',
    access: 'self',
    status: 204,
    apiKey: 'never',
  },
});
