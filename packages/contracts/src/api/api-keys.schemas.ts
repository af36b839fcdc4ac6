import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '../api-keys';
import { pageOf, pageQuerySchema, idParamsSchema as params } from '../common';
import { apiKeyRoutes } from './api-keys';
import { schemasFor } from './schemas';

export const apiKeySchemas = schemasFor(apiKeyRoutes, {
  create: {
    summary: 'Create an API key; the key is in this response only',
    params,
    body: createApiKeyBodySchema,
    response: createdApiKeySchema,
  },
  listForUser: {
    summary: "A user's API keys",
    params,
    query: pageQuerySchema,
    response: pageOf(apiKeySchema),
  },
  list: { summary: "The caller's API keys", query: pageQuerySchema, response: pageOf(apiKeySchema) },
  invalidate: { summary: 'Invalidate an API key; it stops working at once', params, response: apiKeySchema },
});
