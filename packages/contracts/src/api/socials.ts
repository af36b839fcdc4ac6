import { routeTable, ws } from './route';

/**
 * Social connections (issue 20): owned by one user, never by a workspace. `connect` starts OAuth 2 (the
 * answer carries the provider's address: a navigation would carry no bearer token, and a fetch cannot
 * follow a redirect to another origin); the provider sends the browser back to `callback`, which is public
 * and trusts only the single-use state bound to the browser that started it.
 */
export const socialRoutes = routeTable({
  networks: { method: 'GET', path: '/social-networks', access: 'self' },
  /** Own connections and those shared with the caller's workspaces (a scoped key: its workspaces only). */
  list: { method: 'GET', path: '/socials', access: 'self' },
  create: { method: 'POST', path: '/socials', access: 'self', status: 201, apiKey: 'never' },
  get: { method: 'GET', path: '/socials/:id', access: 'user' },
  update: { method: 'PUT', path: '/socials/:id', access: 'user' },
  remove: { method: 'DELETE', path: '/socials/:id', access: 'user', status: 204 },
  check: { method: 'GET', path: '/socials/:id/check', access: 'user', apiKey: 'unscoped' },
  connect: { method: 'GET', path: '/connect-social/:network', access: 'self', apiKey: 'never' },
  callback: { method: 'GET', path: '/connect-social/:network/callback', access: 'public' },
  /** The spec's name; `sub-accounts` stays as an alias for existing clients. */
  accounts: { method: 'GET', path: '/socials/:id/accounts', access: 'user' },
  subAccounts: { method: 'GET', path: '/socials/:id/sub-accounts', access: 'user' },
  tags: { method: 'GET', path: '/socials/:id/tags', access: 'user' },
  categories: { method: 'GET', path: '/socials/:id/categories', access: 'user' },
  shares: { method: 'GET', path: '/socials/:id/shares', access: 'user' },
  putShares: { method: 'PUT', path: '/socials/:id/shares', access: 'user' },
  usableInWorkspace: { method: 'GET', path: '/workspaces/:id/socials', access: ws('read') },
  oauthApps: { method: 'GET', path: '/oauth-apps', access: 'platform' },
  putOauthApp: { method: 'PUT', path: '/oauth-apps/:network', access: 'platform' },
  removeOauthApp: { method: 'DELETE', path: '/oauth-apps/:network', access: 'platform', status: 204 },
});
