import { bulkIdsBodySchema, bulkResultSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  createTargetBodySchema,
  targetListQuerySchema,
  targetSchema,
  updateTargetBodySchema,
} from '../targets';
import { schemasFor } from './schemas';
import { targetRoutes } from './targets';

const params = idParamsSchema;

export const targetSchemas = schemasFor(targetRoutes, {
  list: { query: targetListQuerySchema, response: pageOf(targetSchema) },
  create: { body: createTargetBodySchema, response: targetSchema },
  get: { params, response: targetSchema },
  update: { params, body: updateTargetBodySchema, response: targetSchema },
  remove: { params },
  bulkDelete: { body: bulkIdsBodySchema, response: bulkResultSchema },
  listInWorkspace: { params, query: pageQuerySchema, response: pageOf(targetSchema) },
  listInCorporation: { params, query: pageQuerySchema, response: pageOf(targetSchema) },
});
