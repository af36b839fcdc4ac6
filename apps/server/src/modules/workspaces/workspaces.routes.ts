import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import {
  hasAccessQuerySchema,
  hasAccessResponseSchema,
  memberSchema,
  setUserPermissionsBodySchema,
} from '@stromwerk/contracts/permissions';
import {
  createWorkspaceBodySchema,
  updateWorkspaceBodySchema,
  workspaceListQuerySchema,
  workspaceSchema,
} from '@stromwerk/contracts/workspaces';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function workspacesRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { workspaces } = app.services;
  const tags = ['workspaces'];
  const params = idParamsSchema;

  app.get(
    '/workspaces',
    {
      schema: {
        tags,
        summary: 'Every workspace the caller may see',
        querystring: workspaceListQuerySchema,
        response: { 200: pageOf(workspaceSchema), ...privateErrors },
      },
    },
    (req) => workspaces.list(actorOf(req), req.query),
  );

  app.post(
    '/workspaces',
    {
      schema: { tags, body: createWorkspaceBodySchema, response: { 201: workspaceSchema, ...privateErrors } },
    },
    async (req, reply) => reply.status(201).send(await workspaces.create(actorOf(req), req.body)),
  );

  app.get(
    '/workspaces/:id',
    {
      schema: { tags, params, response: { 200: workspaceSchema, ...privateErrors } },
    },
    (req) => workspaces.get(actorOf(req), req.params.id),
  );

  app.put(
    '/workspaces/:id',
    {
      schema: {
        tags,
        params,
        body: updateWorkspaceBodySchema,
        response: { 200: workspaceSchema, ...privateErrors },
      },
    },
    (req) => workspaces.update(actorOf(req), req.params.id, req.body.name),
  );

  app.delete(
    '/workspaces/:id',
    {
      schema: { tags, params, response: { 204: noContent, ...privateErrors } },
    },
    async (req, reply) => {
      await workspaces.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  app.get(
    '/workspaces/:id/has-access',
    {
      schema: {
        tags,
        params,
        querystring: hasAccessQuerySchema,
        response: { 200: hasAccessResponseSchema, ...privateErrors },
      },
    },
    (req) => workspaces.hasAccess(actorOf(req), req.params.id, req.query.permission),
  );

  app.put(
    '/workspaces/:id/set-user-permissions',
    {
      schema: {
        tags,
        params,
        body: setUserPermissionsBodySchema,
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      await workspaces.setUserPermissions(actorOf(req), req.params.id, req.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/workspaces/:id/members',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(memberSchema), ...privateErrors },
      },
    },
    (req) => workspaces.members(actorOf(req), req.params.id, req.query),
  );
}
