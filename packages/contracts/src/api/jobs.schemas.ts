import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { createJobBodySchema, jobListQuerySchema, jobSchema, updateJobBodySchema } from '../jobs';
import { jobRoutes } from './jobs';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const jobSchemas = schemasFor(jobRoutes, {
  list: {
    summary: 'Jobs the caller may see, filtered',
    query: jobListQuerySchema,
    response: pageOf(jobSchema),
  },
  create: {
    summary: 'Queue a job on a media',
    body: createJobBodySchema,
    response: jobSchema,
    errors: ['QUOTA_EXCEEDED'],
  },
  get: { summary: 'One job with its progress', params, response: jobSchema },
  update: {
    errors: ['CONFLICT'],
    summary: 'Change the priority of a queued job (`priority` in the query or the body)',
    params,
    query: updateJobBodySchema.partial(),
    body: updateJobBodySchema.partial().nullish(),
    response: jobSchema,
  },
  remove: { summary: 'Delete an ended job', params, errors: ['CONFLICT'] },
  cancel: {
    errors: ['CONFLICT'],
    summary: 'Cancel a queued or running job: its process stops at once and partial output is removed',
    params,
    response: jobSchema,
  },
  retry: {
    errors: ['CONFLICT'],
    summary:
      'Run a failed or cancelled job again (a social post resumes its upload where the network left it)',
    params,
    response: jobSchema,
  },
  listInWorkspace: {
    summary: 'Jobs of one workspace',
    params,
    query: pageQuerySchema,
    response: pageOf(jobSchema),
  },
  listInCorporation: {
    summary: 'Jobs of every workspace of a corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(jobSchema),
  },
});
