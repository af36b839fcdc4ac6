import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import {
  createSourceBodySchema,
  sourceListQuerySchema,
  sourceMetaBodySchema,
  sourceSchema,
  streamKeySchema,
  updateSourceBodySchema,
} from '@stromwerk/contracts/sources';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function sourcesRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { sources } = app.services;
  const tags = ['sources'];
  const params = idParamsSchema;

  app.get(
    '/sources',
    {
      schema: {
        tags,
        summary: 'Sources the caller may see, filtered',
        querystring: sourceListQuerySchema,
        response: { 200: pageOf(sourceSchema), ...privateErrors },
      },
    },
    (req) => sources.list(actorOf(req), req.query),
  );

  app.post(
    '/sources',
    {
      schema: { tags, body: createSourceBodySchema, response: { 201: sourceSchema, ...privateErrors } },
    },
    async (req, reply) => reply.status(201).send(await sources.create(actorOf(req), req.body)),
  );

  app.get(
    '/sources/by-streamkey/:key',
    {
      schema: {
        tags,
        summary: 'The source a stream key belongs to',
        params: z.object({ key: z.string().min(8).max(100) }),
        response: { 200: sourceSchema, ...privateErrors },
      },
    },
    (req) => sources.byStreamKey(actorOf(req), req.params.key),
  );

  app.get(
    '/sources/:id',
    {
      schema: { tags, params, response: { 200: sourceSchema, ...privateErrors } },
    },
    (req) => sources.get(actorOf(req), req.params.id),
  );

  app.put(
    '/sources/:id',
    {
      schema: {
        tags,
        params,
        body: updateSourceBodySchema,
        response: { 200: sourceSchema, ...privateErrors },
      },
    },
    (req) => sources.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/sources/:id',
    {
      schema: { tags, params, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await sources.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/sources/:id/meta',
    {
      schema: {
        tags,
        summary: 'Merge key/value metadata into the source',
        params,
        body: sourceMetaBodySchema,
        response: { 200: sourceSchema, ...privateErrors },
      },
    },
    (req) => sources.setMeta(actorOf(req), req.params.id, req.body.meta),
  );

  app.get(
    '/sources/:id/preview',
    {
      schema: {
        tags,
        summary: 'A JPEG of the live picture (at most 5 s old); 404 while the source is not live',
        params,
        response: privateErrors,
      },
    },
    async (req, reply) => {
      const jpeg = await sources.preview(actorOf(req), req.params.id);
      return (reply as unknown as FastifyReply)
        .header('content-type', 'image/jpeg')
        .header('cache-control', 'no-store')
        .send(jpeg);
    },
  );

  app.get(
    '/sources/:id/stream-key',
    {
      schema: {
        tags,
        summary: 'Reveal the stream key (write permission)',
        params,
        response: { 200: streamKeySchema, ...privateErrors },
      },
    },
    (req) => sources.streamKey(actorOf(req), req.params.id),
  );

  app.put(
    '/sources/:id/rotate-key',
    {
      schema: {
        tags,
        summary: 'Replace the stream key; an encoder on the old key is disconnected',
        params,
        response: { 200: streamKeySchema, ...privateErrors },
      },
    },
    (req) => sources.rotateKey(actorOf(req), req.params.id),
  );

  app.get(
    '/workspaces/:id/sources',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(sourceSchema), ...privateErrors },
      },
    },
    (req) => sources.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
  );

  app.get(
    '/corporations/:id/sources',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(sourceSchema), ...privateErrors },
      },
    },
    (req) => sources.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  );
}
