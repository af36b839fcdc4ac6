import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import { createStreamInfoBodySchema, streamInfoRecordSchema } from '@stromwerk/contracts/stream-info';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function streamInfosRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { streamInfos } = app.services;
  const tags = ['sources'];

  app.get(
    '/streaminfos',
    {
      schema: {
        tags,
        summary: 'Live sessions of sources: start, end and what they carried',
        querystring: pageQuerySchema.extend({
          sourceId: z.uuid().optional(),
          workspaceId: z.uuid().optional(),
        }),
        response: { 200: pageOf(streamInfoRecordSchema), ...privateErrors },
      },
    },
    (req) => streamInfos.list(actorOf(req), req.query),
  );

  app.post(
    '/streaminfos',
    {
      schema: {
        tags,
        body: createStreamInfoBodySchema,
        response: { 201: streamInfoRecordSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await streamInfos.create(actorOf(req), req.body)),
  );

  app.delete(
    '/streaminfos/:id',
    {
      schema: { tags, params: idParamsSchema, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await streamInfos.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
}
