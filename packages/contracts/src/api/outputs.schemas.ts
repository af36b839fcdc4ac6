import { bulkIdsBodySchema, bulkResultSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  createOutputBodySchema,
  outputListQuerySchema,
  outputPasswordsSchema,
  outputSchema,
  outputStatisticsSchema,
  updateOutputBodySchema,
} from '../outputs';
import { outputRoutes } from './outputs';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const outputSchemas = schemasFor(outputRoutes, {
  list: { query: outputListQuerySchema, response: pageOf(outputSchema) },
  create: { body: createOutputBodySchema, response: outputSchema },
  get: { params, response: outputSchema },
  update: { params, body: updateOutputBodySchema, response: outputSchema },
  remove: { params },
  bulkDelete: { body: bulkIdsBodySchema, response: bulkResultSchema },
  passwords: { params, response: outputPasswordsSchema },
  statistics: { params, response: outputStatisticsSchema },
  listInWorkspace: { params, query: pageQuerySchema, response: pageOf(outputSchema) },
  listInCorporation: { params, query: pageQuerySchema, response: pageOf(outputSchema) },
});
