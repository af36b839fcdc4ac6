import { z } from 'zod';
import { commentSchema, viewerCommentBodySchema } from '../comments';
import { pageOf } from '../common';
import { playParamsSchema, playSessionBodySchema, playSessionSchema, playTokenQuerySchema } from '../outputs';
import { playRoutes } from './play';
import { schemasFor } from './schemas';

const params = playParamsSchema;
const query = playTokenQuerySchema;

export const playSchemas = schemasFor(playRoutes, {
  session: {
    summary: 'Become a viewer: checks password, embedding origin and viewer limit; returns the viewer token',
    params,
    body: playSessionBodySchema,
    response: playSessionSchema,
  },
  state: { summary: 'What the program shows now', params, query, response: playSessionSchema },
  playlist: { summary: 'The HLS playlist (viewer token required)', params, query },
  segment: {
    summary: 'An HLS segment (viewer token required)',
    params: params.extend({ file: z.string().regex(/^seg_\d+\.ts$/, 'Not a segment name') }),
    query,
  },
  comments: { summary: 'Approved comments', params, query, response: pageOf(commentSchema) },
  comment: {
    summary: 'Post a comment as a viewer; shown at once or after approval, as the moderation level says',
    params,
    query,
    body: viewerCommentBodySchema,
    response: commentSchema,
  },
});
