import { corporationRoutes } from '@stromwerk/contracts/api/corporations';
import { corporationSchemas } from '@stromwerk/contracts/api/corporations.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function corporationsRoutes(app: FastifyInstance) {
  const { corporations, workspaces, invitations } = app.services;
  registerTable(app, corporationRoutes, corporationSchemas, ['corporations'], {
    list: (req) => corporations.list(actorOf(req), req.query),
    create: (req) => corporations.create(actorOf(req), req.body),
    get: (req) => corporations.get(actorOf(req), req.params.id),
    update: (req) => corporations.update(actorOf(req), req.params.id, req.body),
    remove: (req) => corporations.delete(actorOf(req), req.params.id),
    block: (req) => corporations.setBlocked(req.params.id, actorOf(req), true),
    unblock: (req) => corporations.setBlocked(req.params.id, actorOf(req), false),
    hasAccess: (req) => corporations.hasAccess(actorOf(req), req.params.id, req.query.permission),
    setUserPermissions: (req) => corporations.setUserPermissions(actorOf(req), req.params.id, req.body),
    members: (req) => corporations.members(actorOf(req), req.params.id, req.query),
    memberships: (req) => corporations.membershipsOf(actorOf(req), req.params.id, req.query),
    setWorkspaceSorting: (req) =>
      corporations.setWorkspaceSorting(actorOf(req), req.params.id, req.body.workspaceIds),
    workspaces: (req) => workspaces.listOfCorporation(actorOf(req), req.params.id, req.query),
    invitations: (req) =>
      invitations.listForCorporation(actorOf(req), req.params.id, req.query.limit, req.query.offset),
  });
}
