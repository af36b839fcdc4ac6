import { z } from 'zod';
import { commentSchema, viewerCommentBodySchema } from '../comments';
import { pageOf } from '../common';
import {
  PLAY_FILE,
  playParamsSchema,
  playPlaylistQuerySchema,
  playSessionBodySchema,
  playSessionSchema,
  playTokenQuerySchema,
} from '../outputs';
import { playRoutes } from './play';
import { schemasFor } from './schemas';

/** What a viewer can meet: a password, a viewer token to renew, an embedding origin, a full player. */
const viewer = [
  'PASSWORD_REQUIRED',
  'VIEWER_TOKEN_INVALID',
  'DOMAIN_NOT_ALLOWED',
  'VIEWER_LIMIT_REACHED',
] as const;

const params = playParamsSchema;
const query = playTokenQuerySchema;

export const playSchemas = schemasFor(playRoutes, {
  session: {
    errors: viewer,
    summary: 'Become a viewer: checks password, embedding origin and viewer limit; returns the viewer token',
    params,
    body: playSessionBodySchema,
    response: playSessionSchema,
  },
  state: {
    summary: 'What the program shows now',
    params,
    query,
    response: playSessionSchema,
    errors: viewer,
  },
  playlist: {
    summary:
      'The HLS playlist (viewer token required); in low latency an LL-HLS playlist that blocks until the part asked for with _HLS_msn/_HLS_part is there (at most 3 target durations)',
    params,
    query: playPlaylistQuerySchema,
    errors: [...viewer, 'VALIDATION_FAILED'],
  },
  segment: {
    errors: viewer,
    summary:
      'An HLS segment, or in low latency an init segment or part (viewer token required); the next part, announced by the preload hint, is answered once written',
    params: params.extend({ file: z.string().regex(PLAY_FILE, 'Not a segment name') }),
    query,
  },
  comments: { summary: 'Approved comments', params, query, response: pageOf(commentSchema), errors: viewer },
  comment: {
    // FORBIDDEN: comments are closed on this player.
    errors: [...viewer, 'FORBIDDEN'],
    summary: 'Post a comment as a viewer; shown at once or after approval, as the moderation level says',
    params,
    query,
    body: viewerCommentBodySchema,
    response: commentSchema,
  },
});
