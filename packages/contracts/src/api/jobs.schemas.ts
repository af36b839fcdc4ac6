import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { createJobBodySchema, jobListQuerySchema, jobSchema, updateJobBodySchema } from '../jobs';
import { jobRoutes } from './jobs';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const jobSchemas = schemasFor(jobRoutes, {
  list: { query: jobListQuerySchema, response: pageOf(jobSchema) },
  create: { body: createJobBodySchema, response: jobSchema },
  get: { params, response: jobSchema },
  update: {
    params,
    query: updateJobBodySchema.partial(),
    body: updateJobBodySchema.partial().nullish(),
    response: jobSchema,
  },
  remove: { params },
  cancel: { params, response: jobSchema },
  listInWorkspace: { params, query: pageQuerySchema, response: pageOf(jobSchema) },
  listInCorporation: { params, query: pageQuerySchema, response: pageOf(jobSchema) },
});
