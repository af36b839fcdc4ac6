import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema, listedApiKeySchema } from '../api-keys';
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
  list: {
    summary:
      "API keys with their owners: every user's for platform administrators, else the caller's own. `search` matches the key's name and prefix and the owner's name and email",
    query: pageQuerySchema,
    response: pageOf(listedApiKeySchema),
  },
  invalidate: { summary: 'Invalidate an API key; it stops working at once', params, response: apiKeySchema },
});
