import { z } from 'zod';
import { bulkIdsBodySchema, bulkResultSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  createSourceBodySchema,
  sourceListQuerySchema,
  sourceMetaBodySchema,
  sourceSchema,
  streamKeySchema,
  updateSourceBodySchema,
} from '../sources';
import { schemasFor } from './schemas';
import { sourceRoutes } from './sources';

const params = idParamsSchema;

export const sourceSchemas = schemasFor(sourceRoutes, {
  list: { query: sourceListQuerySchema, response: pageOf(sourceSchema) },
  create: { body: createSourceBodySchema, response: sourceSchema },
  byStreamKey: { params: z.object({ key: z.string().min(8).max(100) }), response: sourceSchema },
  get: { params, response: sourceSchema },
  update: { params, body: updateSourceBodySchema, response: sourceSchema },
  remove: { params },
  bulkDelete: { body: bulkIdsBodySchema, response: bulkResultSchema },
  setMeta: { params, body: sourceMetaBodySchema, response: sourceSchema },
  preview: { params },
  streamKey: { params, response: streamKeySchema },
  rotateKey: { params, response: streamKeySchema },
  listInWorkspace: { params, query: pageQuerySchema, response: pageOf(sourceSchema) },
  listInCorporation: { params, query: pageQuerySchema, response: pageOf(sourceSchema) },
});
