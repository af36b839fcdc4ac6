import { healthSchema, livenessSchema, readinessSchema } from '../health';
import { healthRoutes } from './health';
import { schemasFor } from './schemas';

export const healthSchemas = schemasFor(healthRoutes, {
  // 503 with the same body when the database is down.
  get: {
    summary: 'Each part of the server and the engine serving it',
    response: healthSchema,
    responses: { 503: healthSchema },
  },
  // 503 with the same body while not ready.
  ready: {
    summary: "Whether this process can do its role's work now (for load balancers)",
    response: readinessSchema,
    responses: { 503: readinessSchema },
  },
  live: {
    summary: 'Whether this process answers (for restarts)',
    response: livenessSchema,
  },
});
