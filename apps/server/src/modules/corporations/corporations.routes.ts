import { idParamsSchema, pageOf, pageQuerySchema } from '@stromwerk/contracts/common';
import {
  corporationSchema,
  createCorporationBodySchema,
  updateCorporationBodySchema,
  workspaceSortingBodySchema,
} from '@stromwerk/contracts/corporations';
import { invitationSchema } from '@stromwerk/contracts/invitations';
import {
  hasAccessQuerySchema,
  hasAccessResponseSchema,
  memberSchema,
  setUserPermissionsBodySchema,
} from '@stromwerk/contracts/permissions';
import { workspaceSchema } from '@stromwerk/contracts/workspaces';
import type { FastifyInstance } from 'fastify';
import { actorOf, noContent, privateErrors, typed } from '../../lib/route';

export async function corporationsRoutes(fastify: FastifyInstance) {
  const app = typed(fastify);
  const { corporations, workspaces, invitations } = app.services;
  const tags = ['corporations'];
  const params = idParamsSchema;

  app.get(
    '/corporations',
    {
      schema: {
        tags,
        querystring: pageQuerySchema,
        response: { 200: pageOf(corporationSchema), ...privateErrors },
      },
    },
    (req) => corporations.list(actorOf(req), req.query),
  );

  app.post(
    '/corporations',
    {
      schema: {
        tags,
        body: createCorporationBodySchema,
        response: { 201: corporationSchema, ...privateErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await corporations.create(actorOf(req), req.body)),
  );

  app.get(
    '/corporations/:id',
    {
      schema: { tags, params, response: { 200: corporationSchema, ...privateErrors } },
    },
    (req) => corporations.get(actorOf(req), req.params.id),
  );

  app.put(
    '/corporations/:id',
    {
      schema: {
        tags,
        params,
        body: updateCorporationBodySchema,
        response: { 200: corporationSchema, ...privateErrors },
      },
    },
    (req) => corporations.update(actorOf(req), req.params.id, req.body),
  );

  // The spec names the singular path for deletion.
  app.delete(
    '/corporation/:id',
    {
      schema: {
        tags,
        summary: 'Delete a corporation with all its workspaces',
        params,
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      await corporations.delete(actorOf(req), req.params.id);
      return reply.status(204).send();
    },
  );

  for (const [action, blocked] of [
    ['block', true],
    ['unblock', false],
  ] as const) {
    app.put(
      `/corporations/:id/${action}`,
      {
        config: { auth: 'admin' },
        schema: { tags, params, response: { 200: corporationSchema, ...privateErrors } },
      },
      (req) => corporations.setBlocked(req.params.id, actorOf(req), blocked),
    );
  }

  app.get(
    '/corporations/:id/has-access',
    {
      schema: {
        tags,
        params,
        querystring: hasAccessQuerySchema,
        response: { 200: hasAccessResponseSchema, ...privateErrors },
      },
    },
    (req) => corporations.hasAccess(actorOf(req), req.params.id, req.query.permission),
  );

  app.put(
    '/corporations/:id/set-user-permissions',
    {
      schema: {
        tags,
        params,
        body: setUserPermissionsBodySchema,
        response: { 204: noContent, ...privateErrors, 409: privateErrors[400] },
      },
    },
    async (req, reply) => {
      await corporations.setUserPermissions(actorOf(req), req.params.id, req.body);
      return reply.status(204).send();
    },
  );

  app.get(
    '/corporations/:id/members',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(memberSchema), ...privateErrors },
      },
    },
    (req) => corporations.members(actorOf(req), req.params.id, req.query),
  );

  app.put(
    '/corporations/:id/set-workspace-sorting',
    {
      schema: {
        tags,
        params,
        body: workspaceSortingBodySchema,
        response: { 204: noContent, ...privateErrors },
      },
    },
    async (req, reply) => {
      await corporations.setWorkspaceSorting(actorOf(req), req.params.id, req.body.workspaceIds);
      return reply.status(204).send();
    },
  );

  app.get(
    '/corporations/:id/workspaces',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(workspaceSchema), ...privateErrors },
      },
    },
    (req) => workspaces.listOfCorporation(actorOf(req), req.params.id, req.query),
  );

  app.get(
    '/corporations/:id/invitations',
    {
      schema: {
        tags,
        params,
        querystring: pageQuerySchema,
        response: { 200: pageOf(invitationSchema), ...privateErrors },
      },
    },
    (req) => invitations.listForCorporation(actorOf(req), req.params.id, req.query.limit, req.query.offset),
  );
}
