import { routeTable } from './route';

/** The server's own state (spec section 9): each part and the engine serving it. */
export const healthRoutes = routeTable({
  get: {
    method: 'GET',
    path: '/health',
    access: 'public',
  },
});
