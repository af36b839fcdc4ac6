import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import { errorResponseSchema } from '@stromwerk/contracts/errors';
import {
  createJobBodySchema,
  jobListQuerySchema,
  jobSchema,
  updateJobBodySchema,
} from '@stromwerk/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, queryOrBody, typed } from '../../lib/route';

export async function jobsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { jobs } = app.services;
  const tags = ['jobs'];
  const params = idParamsSchema;
  const conflictErrors = { ...privateErrors, 409: errorResponseSchema };

  app.get(
    '/jobs',
    {
      schema: {
        tags,
        querystring: jobListQuerySchema,
        response: { 200: pageOf(jobSchema), ...privateErrors },
      },
    },
    (req) => jobs.list(actorOf(req), req.query),
  );

  app.post(
    '/jobs',
    {
      schema: {
        tags,
        summary: 'Queue a job on a media',
        body: createJobBodySchema,
        response: { 201: jobSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await jobs.create(actorOf(req), req.body)),
  );

  app.get('/jobs/:id', { schema: { tags, params, response: { 200: jobSchema, ...privateErrors } } }, (req) =>
    jobs.get(actorOf(req), req.params.id),
  );

  app.put(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Change the priority of a queued job (`priority` in the query or the body)',
        params,
        querystring: updateJobBodySchema.partial(),
        body: updateJobBodySchema.partial().nullish(),
        response: { 200: jobSchema, ...conflictErrors },
      },
    },
    (req) => jobs.update(actorOf(req), req.params.id, queryOrBody(updateJobBodySchema, req).priority),
  );

  app.delete(
    '/jobs/:id',
    {
      schema: {
        tags,
        summary: 'Delete an ended job',
        params,
        response: { 204: noContent, ...conflictErrors },
      },
    },
    async (req, reply) => {
      await jobs.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.put(
    '/jobs/:id/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a queued or running job: its process stops at once and partial output is removed',
        params,
        response: { 200: jobSchema, ...conflictErrors },
      },
    },
    (req) => jobs.cancel(actorOf(req), req.params.id),
  );

  for (const scope of ['workspaces', 'corporations'] as const) {
    app.get(
      `/${scope}/:id/jobs`,
      {
        schema: {
          tags,
          params,
          querystring: pageQuerySchema,
          response: { 200: pageOf(jobSchema), ...privateErrors },
        },
      },
      (req) =>
        jobs.listIn(
          actorOf(req),
          scope === 'workspaces' ? { workspaceId: req.params.id } : { corporationId: req.params.id },
          req.query,
        ),
    );
  }
}
