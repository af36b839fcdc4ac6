import { routeTable } from './route';

/** API keys of a user (spec section 2): the key itself is shown once, when created. */
export const apiKeyRoutes = routeTable({
  create: {
    method: 'POST',
    path: '/users/:id/api-keys',
    access: 'user',
    status: 201,
    apiKey: 'never',
  },
  listForUser: { method: 'GET', path: '/users/:id/api-keys', access: 'user' },
  list: { method: 'GET', path: '/api-keys', access: 'self' },
  invalidate: {
    method: 'PUT',
    path: '/api-keys/:id/invalidate',
    access: 'user',
    apiKey: 'never',
  },
});
