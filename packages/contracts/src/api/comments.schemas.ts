import {
  commentListQuerySchema,
  commentSchema,
  createCommentBodySchema,
  updateCommentBodySchema,
} from '../comments';
import {
  bulkIdsBodySchema,
  bulkResultSchema,
  idParamsSchema,
  pageOf,
  pageQuerySchema,
  queryBooleanSchema,
} from '../common';
import { commentRoutes } from './comments';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const commentSchemas = schemasFor(commentRoutes, {
  list: {
    summary: 'Comments of the players the caller may see (filters: workspaceId, outputId, approved)',
    query: commentListQuerySchema,
    response: pageOf(commentSchema),
  },
  listOfOutput: {
    summary: 'Comments of one player',
    params,
    query: pageQuerySchema.extend({ approved: queryBooleanSchema.optional() }),
    response: pageOf(commentSchema),
  },
  create: {
    summary: 'Comment as a member (approved at once)',
    params,
    body: createCommentBodySchema,
    response: commentSchema,
  },
  // Spec section 7: PUT may carry its payload in the query string; the handler merges both.
  edit: {
    summary: 'Edit a comment (`text` in the query or the body)',
    params,
    query: updateCommentBodySchema.partial(),
    body: updateCommentBodySchema.partial().nullish(),
    response: commentSchema,
  },
  remove: { summary: 'Delete a comment', params },
  bulkDelete: {
    summary:
      'Delete up to 200 comments in one request (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  bulkApprove: {
    summary:
      'Show up to 200 comments to viewers (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  bulkUnapprove: {
    summary:
      'Hide up to 200 comments from viewers (all or nothing: 404 or 403 for the first id refused, and nothing changes)',
    body: bulkIdsBodySchema,
    response: bulkResultSchema,
  },
  approve: { summary: 'Show a comment to viewers', params, response: commentSchema },
  unapprove: { summary: 'Hide a comment from viewers', params, response: commentSchema },
});
