import { z } from 'zod';
import { dateTimeSchema, line, pageQuerySchema, queryBooleanSchema, text } from './common';

export const commentSchema = z
  .object({
    id: z.uuid(),
    outputId: z.uuid(),
    corporationId: z.uuid(),
    workspaceId: z.uuid(),
    author: z.string(),
    text: z.string(),
    approved: z.boolean(),
    /** Written by a workspace member (in the Comments Tool), not by a viewer. */
    byMember: z.boolean(),
    /** When the comment is removed by the output's expiration setting; null for never. */
    expiry: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Comment' });
export type Comment = z.infer<typeof commentSchema>;

export const commentTextSchema = text().trim().min(1, 'Required').max(2000);
export const authorSchema = line().trim().min(1, 'Required').max(60);
export const createCommentBodySchema = z.object({ text: commentTextSchema });
export const viewerCommentBodySchema = z.object({ author: authorSchema, text: commentTextSchema });
export const updateCommentBodySchema = z.object({ text: commentTextSchema });
export const commentListQuerySchema = pageQuerySchema.extend({
  workspaceId: z.uuid().optional(),
  outputId: z.uuid().optional(),
  approved: queryBooleanSchema.optional(),
});
export type CommentListQuery = z.infer<typeof commentListQuerySchema>;
