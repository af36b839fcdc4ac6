import { healthSchema } from '../health';
import { healthRoutes } from './health';
import { schemasFor } from './schemas';

export const healthSchemas = schemasFor(healthRoutes, {
  // 503 with the same body when the database is down.
  get: {
    summary: 'Each part of the server and the engine serving it',
    response: healthSchema,
    responses: { 503: healthSchema },
  },
});
