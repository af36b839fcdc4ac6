import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import {
  createTargetBodySchema,
  targetListQuerySchema,
  targetSchema,
  updateTargetBodySchema,
} from '@stromwerk/contracts/targets';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function targetsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { targets } = app.services;
  const tags = ['targets'];
  const params = idParamsSchema;

  app.get(
    '/targets',
    {
      schema: {
        tags,
        querystring: targetListQuerySchema,
        response: { 200: pageOf(targetSchema), ...privateErrors },
      },
    },
    (req) => targets.list(actorOf(req), req.query),
  );

  app.post(
    '/targets',
    {
      schema: {
        tags,
        summary: 'Create a live-stream target (custom RTMP, SRT or Icecast)',
        body: createTargetBodySchema,
        response: { 201: targetSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await targets.create(actorOf(req), req.body)),
  );

  app.get(
    '/targets/:id',
    {
      schema: { tags, params, response: { 200: targetSchema, ...privateErrors } },
    },
    (req) => targets.get(actorOf(req), req.params.id),
  );

  app.put(
    '/targets/:id',
    {
      schema: {
        tags,
        summary: 'Change a target; enabled=false stops it at once',
        params,
        body: updateTargetBodySchema,
        response: { 200: targetSchema, ...privateErrors },
      },
    },
    (req) => targets.update(actorOf(req), req.params.id, req.body),
  );

  app.delete(
    '/targets/:id',
    {
      schema: { tags, params, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await targets.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/workspaces/:id/targets',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(targetSchema), ...privateErrors },
      },
    },
    (req) => targets.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
  );

  app.get(
    '/corporations/:id/targets',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(targetSchema), ...privateErrors },
      },
    },
    (req) => targets.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  );
}
