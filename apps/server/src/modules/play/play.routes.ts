import { commentSchema, viewerCommentBodySchema } from '@stromwerk/contracts/comments';
import { pageOf } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import {
  playParamsSchema,
  playSessionBodySchema,
  playSessionSchema,
  playTokenQuerySchema,
} from '@stromwerk/contracts/outputs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { typed } from '../../lib/route';
import { LIMITS } from '../auth/limits';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** The headers that say which page a request comes from (see PlayService.verify). */
const from = (req: FastifyRequest) => ({
  origin: req.headers.origin,
  referer: req.headers.referer,
  host: req.headers.host,
});

/** The public player's API: no account, a viewer token from the session call instead. */
export async function playRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { play, comments } = app.services;
  const tags = ['player'];
  const config = { auth: 'public' as const };
  const params = playParamsSchema;
  const querystring = playTokenQuerySchema;

  app.post(
    '/play/:id/session',
    {
      config: { ...config, rateLimit: { max: 30, timeWindow: '1 minute' }, attempts: LIMITS.playerPassword },
      schema: {
        tags,
        summary:
          'Become a viewer: checks password, embedding origin and viewer limit; returns the viewer token',
        params,
        body: playSessionBodySchema,
        response: { 200: playSessionSchema, ...errors },
      },
    },
    (req) => play.session(req.params.id, req.body, from(req)),
  );
  app.get(
    '/play/:id/state',
    {
      config,
      schema: {
        tags,
        summary: 'What the program shows now',
        params,
        querystring,
        response: { 200: playSessionSchema, ...errors },
      },
    },
    (req) => play.state(req.params.id, req.query.t, from(req)),
  );
  app.get(
    '/play/:id/index.m3u8',
    {
      config,
      schema: {
        tags,
        summary: 'The HLS playlist (viewer token required)',
        params,
        querystring,
        response: errors,
      },
    },
    async (req, reply) => {
      const text = await play.playlist(req.params.id, req.query.t, from(req));
      return (reply as unknown as FastifyReply)
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(text);
    },
  );
  app.get(
    '/play/:id/:file',
    {
      config,
      schema: {
        tags,
        summary: 'An HLS segment (viewer token required)',
        params: params.extend({ file: z.string().regex(/^seg_\d+\.ts$/, 'Not a segment name') }),
        querystring,
        response: errors,
      },
    },
    async (req, reply) => {
      const { stream, size } = await play.segment(req.params.id, req.params.file, req.query.t, from(req));
      return (reply as unknown as FastifyReply)
        .header('content-type', 'video/mp2t')
        .header('content-length', size)
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
  );
  app.get(
    '/play/:id/comments',
    {
      config,
      schema: {
        tags,
        summary: 'Approved comments',
        params,
        querystring,
        response: { 200: pageOf(commentSchema), ...errors },
      },
    },
    async (req) => comments.listPublic((await play.verify(req.params.id, req.query.t, from(req))).row),
  );
  app.post(
    '/play/:id/comments',
    {
      config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: 'Post a comment as a viewer; shown at once or after approval, as the moderation level says',
        params,
        querystring,
        body: viewerCommentBodySchema,
        response: { 201: commentSchema, ...errors },
      },
    },
    async (req, reply) => {
      const { row } = await play.verify(req.params.id, req.query.t, from(req));
      return reply.status(201).send(await comments.createByViewer(row, req.body.author, req.body.text));
    },
  );
}
