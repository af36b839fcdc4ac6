import { apiKeyRoutes as table } from '@stromwerk/contracts/api/api-keys';
import { apiKeySchemas } from '@stromwerk/contracts/api/api-keys.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function apiKeysRoutes(app: FastifyInstance) {
  const { apiKeys } = app.services;

  registerTable(app, table, apiKeySchemas, ['api-keys'], {
    create: (req) => apiKeys.create(actorOf(req), req.params.id, req.body),
    listForUser: (req) => apiKeys.list(actorOf(req), req.params.id, req.query),
    list: (req) => apiKeys.listWithOwners(actorOf(req), req.query),
    invalidate: (req) => apiKeys.invalidate(actorOf(req), req.params.id),
  });
}
