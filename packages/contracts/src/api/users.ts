import { routeTable } from './route';

/** User profiles, their state, feature flags and per-user lists (spec section 2). */
export const userRoutes = routeTable({
  list: { method: 'GET', path: '/users', access: 'self', summary: 'Users the caller may see' },
  get: { method: 'GET', path: '/users/:id', access: 'user', summary: 'One user' },
  update: {
    method: 'PUT',
    path: '/users/:id',
    access: 'user',
    summary: 'Change profile: name, language, avatar',
  },
  block: { method: 'PUT', path: '/users/:id/block', access: 'platform', summary: 'Block a user' },
  unblock: { method: 'PUT', path: '/users/:id/unblock', access: 'platform', summary: 'Unblock a user' },
  updateEmail: {
    method: 'PUT',
    path: '/users/:id/update-email',
    access: 'user',
    summary:
      'Change the email address: mails a confirmation link to the new address, which takes effect once opened',
  },
  updatePassword: {
    method: 'PUT',
    path: '/users/:id/update-password',
    access: 'user',
    summary: 'Change the password; every session ends, the caller gets a fresh one',
  },
  setFeatureFlag: {
    method: 'PUT',
    path: '/users/:id/feature-flag/:flag',
    access: 'platform',
    summary: 'Turn a feature on or off for a user',
  },
  flags: { method: 'GET', path: '/user-flags', access: 'self', summary: "The caller's feature flags" },
  corporations: {
    method: 'GET',
    path: '/users/:id/corporations',
    access: 'user',
    summary: 'Corporations the user is a member of',
  },
  socials: {
    method: 'GET',
    path: '/users/:id/socials',
    access: 'user',
    summary: "The user's social accounts",
  },
});

/** The avatar. Its upload is multipart: the client sends it with `upload`. */
export const avatarRoutes = routeTable({
  uploadAvatar: {
    method: 'POST',
    path: '/users/:id/avatar',
    access: 'user',
    consumes: 'multipart/form-data',
    errors: [413, 415],
    summary: 'Upload an avatar image (multipart field `file`, PNG/JPEG/GIF/WebP, at most 5 MB)',
  },
  removeAvatar: { method: 'DELETE', path: '/users/:id/avatar', access: 'user', summary: 'Remove the avatar' },
});
