import { healthSchema } from '../health';
import { healthRoutes } from './health';
import { schemasFor } from './schemas';

export const healthSchemas = schemasFor(healthRoutes, {
  // 503 with the same body when the database is down.
  get: { response: healthSchema, responses: { 503: healthSchema } },
});
