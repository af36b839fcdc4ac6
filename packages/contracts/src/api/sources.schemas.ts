import { z } from 'zod';
import { bulkIdsBodySchema, bulkResultSchema, idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  bulkUpdateSourcesBodySchema,
  createSourceBodySchema,
  ingestEndpointsSchema,
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
  list: {
    summary: 'Sources the caller may see, filtered',
    query: sourceListQuerySchema,
    response: pageOf(sourceSchema),
  },
  endpoints: {
    summary:
      'The ingest regions and whether this server has a public ingest address for each (sources of an unconfigured region have no ingestUrl)',
    response: ingestEndpointsSchema,
  },
  create: {
    summary: 'Create a source',
    body: createSourceBodySchema,
    response: sourceSchema,
    errors: ['QUOTA_EXCEEDED', 'INGEST_PORTS_EXHAUSTED'],
  },
  byStreamKey: {
    summary: 'The source a stream key belongs to',
    params: z.object({ key: z.string().min(8).max(100) }),
    response: sourceSchema,
  },
  get: { summary: 'One source', params, response: sourceSchema },
  update: { summary: 'Change a source', params, body: updateSourceBodySchema, response: sourceSchema },
  remove: { summary: 'Delete a source', params },
  bulkDelete: {
    summary:
      'Delete up to 200 sources in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  bulkUpdate: {
    summary:
      'Switch recording on or off for up to 200 sources in one request, as `update` would for each (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkUpdateSourcesBodySchema,
    response: bulkResultSchema,
  },
  setMeta: {
    summary: 'Merge key/value metadata into the source',
    params,
    body: sourceMetaBodySchema,
    response: sourceSchema,
  },
  preview: {
    summary: 'A JPEG of the live picture (at most 5 s old); 404 while the source is not live',
    params,
  },
  streamKey: { summary: 'Reveal the stream key (write permission)', params, response: streamKeySchema },
  rotateKey: {
    summary: 'Replace the stream key; an encoder on the old key is disconnected',
    params,
    response: streamKeySchema,
  },
  listInWorkspace: {
    summary: 'Sources of one workspace',
    params,
    query: pageQuerySchema,
    response: pageOf(sourceSchema),
  },
  listInCorporation: {
    summary: 'Sources of every workspace of a corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(sourceSchema),
  },
});
