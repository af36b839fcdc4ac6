import { bulkIdsBodySchema, bulkResultSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  bulkUpdateOutputsBodySchema,
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
  list: {
    summary: 'Players the caller may see, filtered',
    query: outputListQuerySchema,
    response: pageOf(outputSchema),
  },
  create: {
    summary: 'Create a player & recorder',
    body: createOutputBodySchema,
    response: outputSchema,
    errors: ['QUOTA_EXCEEDED'],
  },
  get: { summary: 'One player & recorder', params, response: outputSchema },
  update: {
    summary: 'Change a player & recorder; the program follows at once',
    params,
    body: updateOutputBodySchema,
    response: outputSchema,
  },
  remove: { summary: 'Delete a player & recorder', params },
  bulkDelete: {
    summary:
      'Delete up to 200 players & recorders in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  bulkUpdate: {
    summary:
      'Change the named settings of up to 200 players & recorders in one request, as `update` would for each; names and passwords stay their own (all or nothing: 404 or 403 for the first id refused, 400 for a setting one of them refuses, and nothing changes)',
    body: bulkUpdateOutputsBodySchema,
    response: bulkResultSchema,
  },
  passwords: {
    summary: 'The viewer passwords (members who may change the output only)',
    params,
    response: outputPasswordsSchema,
  },
  statistics: {
    summary: 'Current and peak viewers, views and watch time',
    params,
    response: outputStatisticsSchema,
  },
  listInWorkspace: {
    summary: 'Players of one workspace',
    params,
    query: pageQuerySchema,
    response: pageOf(outputSchema),
  },
  listInCorporation: {
    summary: 'Players of every workspace of a corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(outputSchema),
  },
});
