import { apiKeySchema, createApiKeyBodySchema, createdApiKeySchema } from '@stromwerk/contracts/api-keys';
import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import type { FastifyInstance } from 'fastify';
import { actorOf, privateErrors, typed } from '../../lib/route';

export async function apiKeysRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { apiKeys } = app.services;
  const tags = ['api-keys'];

  app.post(
    '/users/:id/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an API key; the key is in this response only',
        params: idParamsSchema,
        body: createApiKeyBodySchema,
        response: { 201: createdApiKeySchema, ...privateErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await apiKeys.create(actorOf(req), req.params.id, req.body.name)),
  );

  app.get(
    '/users/:id/api-keys',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageOf(apiKeySchema), ...privateErrors },
      },
    },
    (req) => apiKeys.list(actorOf(req), req.params.id, req.query),
  );

  app.get(
    '/api-keys',
    {
      schema: {
        tags,
        summary: "The caller's API keys",
        querystring: pageQuerySchema,
        response: { 200: pageOf(apiKeySchema), ...privateErrors },
      },
    },
    (req) => apiKeys.list(actorOf(req), actorOf(req).user.id, req.query),
  );

  app.put(
    '/api-keys/:id/invalidate',
    {
      schema: { tags, params: idParamsSchema, response: { 200: apiKeySchema, ...privateErrors } },
    },
    (req) => apiKeys.invalidate(actorOf(req), req.params.id),
  );
}
