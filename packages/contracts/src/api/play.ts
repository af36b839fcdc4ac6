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
    summary: 'Become a viewer: checks password, embedding origin and viewer limit; returns the viewer token',
  },
  state: {
    method: 'GET',
    path: '/play/:id/state',
    access: 'public',
    errors: [401, 403],
    summary: 'What the program shows now',
  },
  playlist: {
    method: 'GET',
    path: '/play/:id/index.m3u8',
    access: 'public',
    produces: 'application/vnd.apple.mpegurl',
    errors: [401, 403],
    summary: 'The HLS playlist (viewer token required)',
  },
  segment: {
    method: 'GET',
    path: '/play/:id/:file',
    access: 'public',
    produces: 'video/mp2t',
    errors: [401, 403],
    summary: 'An HLS segment (viewer token required)',
  },
  comments: {
    method: 'GET',
    path: '/play/:id/comments',
    access: 'public',
    errors: [401, 403],
    summary: 'Approved comments',
  },
  comment: {
    method: 'POST',
    path: '/play/:id/comments',
    access: 'public',
    status: 201,
    errors: [401, 403],
    summary: 'Post a comment as a viewer; shown at once or after approval, as the moderation level says',
  },
});
