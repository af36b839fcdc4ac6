import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '../api-keys';
import { pageOf, pageQuerySchema, idParamsSchema as params } from '../common';
import { apiKeyRoutes } from './api-keys';
import { schemasFor } from './schemas';

export const apiKeySchemas = schemasFor(apiKeyRoutes, {
  create: { params, body: createApiKeyBodySchema, response: createdApiKeySchema },
  listForUser: { params, query: pageQuerySchema, response: pageOf(apiKeySchema) },
  list: { query: pageQuerySchema, response: pageOf(apiKeySchema) },
  invalidate: { params, response: apiKeySchema },
});
