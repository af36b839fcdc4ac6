import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import {
  createOutputBodySchema,
  outputListQuerySchema,
  outputPasswordsSchema,
  outputSchema,
  outputStatisticsSchema,
  updateOutputBodySchema,
} from '@stromwerk/contracts/outputs';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function outputsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { outputs } = app.services;
  const tags = ['outputs'];
  const params = idParamsSchema;

  app.get(
    '/outputs',
    {
      schema: {
        tags,
        querystring: outputListQuerySchema,
        response: { 200: pageOf(outputSchema), ...privateErrors },
      },
    },
    (req) => outputs.list(actorOf(req), req.query),
  );
  app.post(
    '/outputs',
    {
      schema: {
        tags,
        summary: 'Create a player & recorder',
        body: createOutputBodySchema,
        response: { 201: outputSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await outputs.create(actorOf(req), req.body)),
  );
  app.get(
    '/outputs/:id',
    { schema: { tags, params, response: { 200: outputSchema, ...privateErrors } } },
    (req) => outputs.get(actorOf(req), req.params.id),
  );
  app.put(
    '/outputs/:id',
    {
      schema: {
        tags,
        summary: 'Change a player & recorder; the program follows at once',
        params,
        body: updateOutputBodySchema,
        response: { 200: outputSchema, ...privateErrors },
      },
    },
    (req) => outputs.update(actorOf(req), req.params.id, req.body),
  );
  app.delete(
    '/outputs/:id',
    { schema: { tags, params, response: { 204: noContent, ...privateErrors } } },
    async (req, reply) => {
      await outputs.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );
  app.get(
    '/outputs/:id/passwords',
    {
      schema: {
        tags,
        summary: 'The viewer passwords (members who may change the output only)',
        params,
        response: { 200: outputPasswordsSchema, ...privateErrors },
      },
    },
    (req) => outputs.passwords(actorOf(req), req.params.id),
  );
  app.get(
    '/outputs/:id/statistics',
    {
      schema: {
        tags,
        summary: 'Current and peak viewers, views and watch time',
        params,
        response: { 200: outputStatisticsSchema, ...privateErrors },
      },
    },
    (req) => outputs.statistics(actorOf(req), req.params.id),
  );
  for (const scope of ['workspaces', 'corporations'] as const) {
    app.get(
      `/${scope}/:id/outputs`,
      {
        schema: {
          tags,
          params,
          querystring: pageQuerySchema,
          response: { 200: pageOf(outputSchema), ...privateErrors },
        },
      },
      (req) =>
        outputs.listIn(
          actorOf(req),
          scope === 'workspaces' ? { workspaceId: req.params.id } : { corporationId: req.params.id },
          req.query,
        ),
    );
  }
}
