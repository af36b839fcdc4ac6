import { routeTable } from './route';

/** The caller's own login sessions; the client offers them under `users`. */
export const sessionRoutes = routeTable({
  logout: {
    method: 'POST',
    path: '/logout',
    access: 'self',
    status: 204,
    summary: 'End the session of this request (its token stops working, live connections close)',
  },
  sessions: {
    method: 'GET',
    path: '/sessions',
    access: 'self',
    summary: "The caller's open sessions, most recently used first; `current` marks this one",
  },
  endSession: {
    method: 'DELETE',
    path: '/sessions/:id',
    access: 'user',
    status: 204,
    summary: 'End one of the caller’s sessions',
  },
  logoutAll: {
    method: 'POST',
    path: '/sessions/logout-all',
    access: 'self',
    status: 204,
    summary: 'End every session of the caller, or every other one with keepCurrent',
  },
});
