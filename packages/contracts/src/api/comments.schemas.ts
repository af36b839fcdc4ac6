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
  list: { query: commentListQuerySchema, response: pageOf(commentSchema) },
  listOfOutput: {
    params,
    query: pageQuerySchema.extend({ approved: queryBooleanSchema.optional() }),
    response: pageOf(commentSchema),
  },
  create: { params, body: createCommentBodySchema, response: commentSchema },
  // Spec section 7: PUT may carry its payload in the query string; the handler merges both.
  edit: {
    params,
    query: updateCommentBodySchema.partial(),
    body: updateCommentBodySchema.partial().nullish(),
    response: commentSchema,
  },
  remove: { params },
  bulkDelete: { body: bulkIdsBodySchema, response: bulkResultSchema },
  bulkApprove: { body: bulkIdsBodySchema, response: bulkResultSchema },
  bulkUnapprove: { body: bulkIdsBodySchema, response: bulkResultSchema },
  approve: { params, response: commentSchema },
  unapprove: { params, response: commentSchema },
});
