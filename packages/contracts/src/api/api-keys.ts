import { routeTable } from './route';

/** API keys of a user (spec section 2): the key itself is shown once, when created. */
export const apiKeyRoutes = routeTable({
  create: {
    method: 'POST',
    path: '/users/:id/api-keys',
    access: 'user',
    status: 201,
    summary: 'Create an API key; the key is in this response only',
  },
  listForUser: { method: 'GET', path: '/users/:id/api-keys', access: 'user', summary: "A user's API keys" },
  list: { method: 'GET', path: '/api-keys', access: 'self', summary: "The caller's API keys" },
  invalidate: {
    method: 'PUT',
    path: '/api-keys/:id/invalidate',
    access: 'user',
    summary: 'Invalidate an API key; it stops working at once',
  },
});
