import { routeTable } from './route';

/** User profiles, their state, feature flags and per-user lists (spec section 2). */
export const userRoutes = routeTable({
  list: { method: 'GET', path: '/users', access: 'self' },
  get: { method: 'GET', path: '/users/:id', access: 'user' },
  update: {
    method: 'PUT',
    path: '/users/:id',
    access: 'user',
  },
  block: { method: 'PUT', path: '/users/:id/block', access: 'platform' },
  unblock: { method: 'PUT', path: '/users/:id/unblock', access: 'platform' },
  updateEmail: {
    method: 'PUT',
    path: '/users/:id/update-email',
    access: 'user',
    apiKey: 'never',
  },
  updatePassword: {
    method: 'PUT',
    path: '/users/:id/update-password',
    access: 'user',
    apiKey: 'never',
  },
  setFeatureFlag: {
    method: 'PUT',
    path: '/users/:id/feature-flag/:flag',
    access: 'platform',
  },
  flags: { method: 'GET', path: '/user-flags', access: 'self' },
  corporations: {
    method: 'GET',
    path: '/users/:id/corporations',
    access: 'user',
  },
  socials: {
    method: 'GET',
    path: '/users/:id/socials',
    access: 'user',
  },
});

/** The avatar. Its upload is multipart: the client sends it with `upload`. */
export const avatarRoutes = routeTable({
  uploadAvatar: {
    method: 'POST',
    path: '/users/:id/avatar',
    access: 'user',
    consumes: 'multipart/form-data',
  },
  removeAvatar: { method: 'DELETE', path: '/users/:id/avatar', access: 'user' },
});
