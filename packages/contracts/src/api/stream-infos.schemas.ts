import { z } from 'zod';
import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import { createStreamInfoBodySchema, streamInfoRecordSchema } from '../stream-info';
import { schemasFor } from './schemas';
import { streamInfoRoutes } from './stream-infos';

export const streamInfoSchemas = schemasFor(streamInfoRoutes, {
  list: {
    query: pageQuerySchema.extend({ sourceId: z.uuid().optional(), workspaceId: z.uuid().optional() }),
    response: pageOf(streamInfoRecordSchema),
  },
  create: { body: createStreamInfoBodySchema, response: streamInfoRecordSchema },
  remove: { params: idParamsSchema },
});
