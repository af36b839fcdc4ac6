import { z } from 'zod';
import { commentSchema, viewerCommentBodySchema } from '../comments';
import { pageOf } from '../common';
import { playParamsSchema, playSessionBodySchema, playSessionSchema, playTokenQuerySchema } from '../outputs';
import { playRoutes } from './play';
import { schemasFor } from './schemas';

const params = playParamsSchema;
const query = playTokenQuerySchema;

export const playSchemas = schemasFor(playRoutes, {
  session: { params, body: playSessionBodySchema, response: playSessionSchema },
  state: { params, query, response: playSessionSchema },
  playlist: { params, query },
  segment: {
    params: params.extend({ file: z.string().regex(/^seg_\d+\.ts$/, 'Not a segment name') }),
    query,
  },
  comments: { params, query, response: pageOf(commentSchema) },
  comment: { params, query, body: viewerCommentBodySchema, response: commentSchema },
});
