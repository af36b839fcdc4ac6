import { idParamsSchema } from '@stromwerk/contracts/common';
import {
  createUsageReportBodySchema,
  lastReportResponseSchema,
  quotaSchema,
  updateQuotaBodySchema,
  usageReportSchema,
  usageSchema,
} from '@stromwerk/contracts/usage';
import type { FastifyInstance } from 'fastify';
import { actorOf, privateErrors, typed } from '../../lib/route';

export async function usageRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { usage } = app.services;
  const tags = ['usage'];
  const params = idParamsSchema;

  app.get(
    '/corporations/:id/quota',
    {
      schema: { tags, params, response: { 200: quotaSchema, ...privateErrors } },
    },
    (req) => usage.quota(actorOf(req), req.params.id),
  );

  app.put(
    '/corporations/:id/quota',
    {
      config: { auth: 'admin' },
      schema: { tags, params, body: updateQuotaBodySchema, response: { 200: quotaSchema, ...privateErrors } },
    },
    (req) => usage.updateQuota(actorOf(req), req.params.id, req.body),
  );

  app.get(
    '/corporations/:id/usage',
    {
      schema: { tags, params, response: { 200: usageSchema, ...privateErrors } },
    },
    (req) => usage.usage(actorOf(req), { corporationId: req.params.id }),
  );

  app.get(
    '/corporations/:id/usage/lastReport',
    {
      schema: { tags, params, response: { 200: lastReportResponseSchema, ...privateErrors } },
    },
    (req) => usage.lastReport(actorOf(req), { corporationId: req.params.id }),
  );

  app.get(
    '/workspaces/:id/usage',
    {
      schema: { tags, params, response: { 200: usageSchema, ...privateErrors } },
    },
    (req) => usage.usage(actorOf(req), { workspaceId: req.params.id }),
  );

  app.get(
    '/workspaces/:id/usage/lastReport',
    {
      schema: { tags, params, response: { 200: lastReportResponseSchema, ...privateErrors } },
    },
    (req) => usage.lastReport(actorOf(req), { workspaceId: req.params.id }),
  );

  app.post(
    '/usage',
    {
      schema: {
        tags,
        summary: 'Record a usage report now',
        body: createUsageReportBodySchema,
        response: { 201: usageReportSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await usage.createReport(actorOf(req), req.body)),
  );
}
