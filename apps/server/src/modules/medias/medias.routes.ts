import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import { jobSchema } from '@stromwerk/contracts/jobs';
import {
  byOriginParamsSchema,
  byOriginQuerySchema,
  copyMediaQuerySchema,
  mediaListQuerySchema,
  mediaSchema,
  updateMediaBodySchema,
  uploadMediaQuerySchema,
  uploadResultSchema,
} from '@stromwerk/contracts/medias';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, queryOrBody, typed } from '../../lib/route';

export async function mediasRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { medias, mediaUpload } = app.services;
  const tags = ['medias'];
  const params = idParamsSchema;
  const listQuery = pageQuerySchema.extend({
    sort: mediaListQuerySchema.shape.sort,
    order: mediaListQuerySchema.shape.order,
  });

  app.get(
    '/medias',
    {
      schema: {
        tags,
        querystring: mediaListQuerySchema,
        response: { 200: pageOf(mediaSchema), ...privateErrors },
      },
    },
    (req) => medias.list(actorOf(req), req.query),
  );

  app.post(
    '/medias/upload',
    {
      // Streamed: no time-out and no body limit; the storage quota bounds it.
      schema: {
        tags,
        summary:
          'Upload media files (multipart, one or more `file` parts; `workspaceId` in the query or as a field before the files)',
        consumes: ['multipart/form-data'],
        querystring: uploadMediaQuerySchema.partial(),
        response: {
          201: uploadResultSchema,
          ...privateErrors,
          413: errorResponseSchema,
          415: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (req, reply) =>
      reply.status(201).send(await mediaUpload.upload(actorOf(req), req, req.query.workspaceId)),
  );

  app.get(
    '/medias/by-origin/:origin',
    {
      schema: {
        tags,
        summary: 'Media of one origin (upload, recording, render, clip, copy), optionally made from originId',
        params: byOriginParamsSchema,
        querystring: byOriginQuerySchema,
        response: { 200: pageOf(mediaSchema), ...privateErrors },
      },
    },
    (req) => medias.byOrigin(actorOf(req), req.params.origin, req.query),
  );

  app.get(
    '/medias/:id',
    { schema: { tags, params, response: { 200: mediaSchema, ...privateErrors } } },
    (req) => medias.get(actorOf(req), req.params.id),
  );

  app.put(
    '/medias/:id',
    {
      schema: {
        tags,
        summary: 'Rename a media (`name` in the query or the body)',
        params,
        querystring: updateMediaBodySchema.partial(),
        body: updateMediaBodySchema.partial().nullish(),
        response: { 200: mediaSchema, ...privateErrors },
      },
    },
    (req) => medias.rename(actorOf(req), req.params.id, queryOrBody(updateMediaBodySchema, req).name),
  );

  app.delete(
    '/medias/:id',
    { schema: { tags, params, response: { 204: noContent, ...privateErrors } } },
    async (req, reply) => {
      await medias.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/medias/:id/copy',
    {
      schema: {
        tags,
        summary: 'Copy a media with its files, into its own or another workspace of the corporation',
        params,
        querystring: copyMediaQuerySchema,
        body: copyMediaQuerySchema.nullish(),
        response: { 201: mediaSchema, ...privateErrors, 409: errorResponseSchema, 413: errorResponseSchema },
      },
    },
    async (req, reply) =>
      reply
        .status(201)
        .send(await medias.copy(actorOf(req), req.params.id, queryOrBody(copyMediaQuerySchema, req))),
  );

  app.put(
    '/medias/:id/render-mp4',
    {
      schema: {
        tags,
        summary: 'Start a job that renders the media to an H.264/AAC MP4 (a new media of origin render)',
        params,
        response: { 202: jobSchema, ...privateErrors, 409: errorResponseSchema },
      },
    },
    async (req, reply) => reply.status(202).send(await medias.renderMp4(actorOf(req), req.params.id)),
  );

  for (const scope of ['workspaces', 'corporations'] as const) {
    app.get(
      `/${scope}/:id/medias`,
      {
        schema: {
          tags,
          params,
          querystring: listQuery,
          response: { 200: pageOf(mediaSchema), ...privateErrors },
        },
      },
      (req) =>
        medias.listIn(
          actorOf(req),
          scope === 'workspaces' ? { workspaceId: req.params.id } : { corporationId: req.params.id },
          req.query,
        ),
    );
  }
}
