import { routeTable } from './route';

/**
 * The public player's API (spec section 5): no account; the session call checks password, embedding origin
 * and viewer limit and hands out a viewer token (`t`) that every other call carries.
 */
export const playRoutes = routeTable({
  session: {
    method: 'POST',
    path: '/play/:id/session',
    access: 'public',
    errors: [401, 403],
  },
  state: {
    method: 'GET',
    path: '/play/:id/state',
    access: 'public',
    errors: [401, 403],
  },
  playlist: {
    method: 'GET',
    path: '/play/:id/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
    errors: [401, 403],
  },
  segment: {
    method: 'GET',
    path: '/play/:id/:file',
    access: 'public',
    produces: 'video/mp2t',
    errors: [401, 403],
  },
  comments: {
    method: 'GET',
    path: '/play/:id/comments',
    access: 'public',
    errors: [401, 403],
  },
  comment: {
    method: 'POST',
    path: '/play/:id/comments',
    access: 'public',
    status: 201,
    errors: [401, 403],
  },
});
