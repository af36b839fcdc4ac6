import { routeTable, ws } from './route';

/**
 * Posting media to social connections (issue 20): one job per destination. `post` needs write permission
 * in the media's workspace and the caller's own connections; folders belong to a connection, so only its
 * owner reaches them (everyone else: 404).
 */
export const socialPostRoutes = routeTable({
  post: { method: 'POST', path: '/post-social', access: ws('write'), status: 202 },
  get: { method: 'GET', path: '/social-posts/:id', access: ws('read') },
  folders: { method: 'GET', path: '/socials/:id/folders', access: 'user' },
  createFolder: { method: 'POST', path: '/socials/:id/folders', access: 'user', status: 201 },
});
