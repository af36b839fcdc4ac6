import { z } from 'zod';
import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { createStreamInfoBodySchema, streamInfoRecordSchema } from '../stream-info';
import { schemasFor } from './schemas';
import { streamInfoRoutes } from './stream-infos';

export const streamInfoSchemas = schemasFor(streamInfoRoutes, {
  list: {
    summary: 'Live sessions of sources: start, end and what they carried',
    query: pageQuerySchema.extend({ sourceId: z.uuid().optional(), workspaceId: z.uuid().optional() }),
    response: pageOf(streamInfoRecordSchema),
  },
  create: {
    summary: 'Record a live session',
    body: createStreamInfoBodySchema,
    response: streamInfoRecordSchema,
  },
  remove: { summary: 'Delete a live-session record', params: idParamsSchema },
});
