import { routeTable } from './route';

/** The server's own state (spec section 9): each part and the engine serving it. */
export const healthRoutes = routeTable({
  get: {
    method: 'GET',
    path: '/health',
    access: 'public',
  },
  // For load balancers (docs/operations.md "Health and readiness"): route traffic by `ready`, restart by `live`.
  ready: {
    method: 'GET',
    path: '/health/ready',
    access: 'public',
  },
  live: {
    method: 'GET',
    path: '/health/live',
    access: 'public',
  },
});
