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
  list: {
    summary: 'Targets the caller may see, filtered',
    query: targetListQuerySchema,
    response: pageOf(targetSchema),
  },
  create: {
    errors: ['QUOTA_EXCEEDED', 'TARGET_ADDRESS_REFUSED'],
    summary: 'Create a live-stream target (custom RTMP, SRT or Icecast)',
    body: createTargetBodySchema,
    response: targetSchema,
  },
  get: { summary: 'One target', params, response: targetSchema },
  update: {
    errors: ['TARGET_ADDRESS_REFUSED'],
    summary: 'Change a target; enabled=false stops it at once',
    params,
    body: updateTargetBodySchema,
    response: targetSchema,
  },
  remove: { summary: 'Delete a target', params },
  bulkDelete: {
    summary:
      'Delete up to 200 targets in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  listInWorkspace: {
    summary: 'Targets of one workspace',
    params,
    query: pageQuerySchema,
    response: pageOf(targetSchema),
  },
  listInCorporation: {
    summary: 'Targets of every workspace of a corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(targetSchema),
  },
});
