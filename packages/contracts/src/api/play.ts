import { routeTable } from './route';

/** What a viewer can meet: a password, a viewer token to renew, an embedding origin, a full player. */
const viewer = [
  'PASSWORD_REQUIRED',
  'VIEWER_TOKEN_INVALID',
  'DOMAIN_NOT_ALLOWED',
  'VIEWER_LIMIT_REACHED',
] as const;

/**
 * The public player's API (spec section 5): no account; the session call checks password, embedding origin
 * and viewer limit and hands out a viewer token (`t`) that every other call carries.
 */
export const playRoutes = routeTable({
  session: {
    method: 'POST',
    path: '/play/:id/session',
    access: 'public',
    errors: viewer,
  },
  state: {
    method: 'GET',
    path: '/play/:id/state',
    access: 'public',
    errors: viewer,
  },
  playlist: {
    method: 'GET',
    path: '/play/:id/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
    errors: viewer,
  },
  segment: {
    method: 'GET',
    path: '/play/:id/:file',
    access: 'public',
    produces: 'video/mp2t',
    errors: viewer,
  },
  comments: {
    method: 'GET',
    path: '/play/:id/comments',
    access: 'public',
    errors: viewer,
  },
  comment: {
    method: 'POST',
    path: '/play/:id/comments',
    access: 'public',
    status: 201,
    errors: viewer,
  },
});
