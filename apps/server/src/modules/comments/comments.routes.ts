import {
  commentListQuerySchema,
  commentSchema,
  createCommentBodySchema,
  updateCommentBodySchema,
} from '@stromwerk/contracts/comments';
import { idParamsSchema, pageOf, pageQuerySchema, queryBooleanSchema } from '@stromwerk/contracts/common';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, queryOrBody, typed } from '../../lib/route';

export async function commentsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { comments } = app.services;
  const tags = ['comments'];
  const params = idParamsSchema;

  app.get(
    '/comments',
    {
      schema: {
        tags,
        summary: 'Comments of the players the caller may see (filters: workspaceId, outputId, approved)',
        querystring: commentListQuerySchema,
        response: { 200: pageOf(commentSchema), ...privateErrors },
      },
    },
    (req) => comments.list(actorOf(req), req.query),
  );
  app.get(
    '/outputs/:id/comments',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema.extend({ approved: queryBooleanSchema.optional() }),
        response: { 200: pageOf(commentSchema), ...privateErrors },
      },
    },
    (req) => comments.listOfOutput(actorOf(req), req.params.id, req.query),
  );
  app.post(
    '/outputs/:id/comments',
    {
      schema: {
        tags,
        summary: 'Comment as a member (approved at once)',
        params,
        body: createCommentBodySchema,
        response: { 201: commentSchema, ...privateErrors },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await comments.createByMember(actorOf(req), req.params.id, req.body.text)),
  );
  app.put(
    '/comments/:id',
    {
      schema: {
        tags,
        summary: 'Edit a comment (`text` in the query or the body)',
        params,
        querystring: updateCommentBodySchema.partial(),
        body: updateCommentBodySchema.partial().nullish(),
        response: { 200: commentSchema, ...privateErrors },
      },
    },
    (req) => comments.edit(actorOf(req), req.params.id, queryOrBody(updateCommentBodySchema, req).text),
  );
  app.delete(
    '/comments/:id',
    { schema: { tags, params, response: { 204: noContent, ...privateErrors } } },
    async (req, reply) => {
      await comments.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  for (const [path, approved] of [
    ['approve', true],
    ['unapprove', false],
  ] as const) {
    app.put(
      `/comments/:id/${path}`,
      { schema: { tags, params, response: { 200: commentSchema, ...privateErrors } } },
      (req) => comments.setApproved(actorOf(req), req.params.id, approved),
    );
  }
}
