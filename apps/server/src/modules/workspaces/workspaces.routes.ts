import { workspaceRoutes } from '@stromwerk/contracts/api/workspaces';
import { workspaceSchemas } from '@stromwerk/contracts/api/workspaces.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function workspacesRoutes(app: FastifyInstance) {
  const { workspaces } = app.services;
  registerTable(app, workspaceRoutes, workspaceSchemas, ['workspaces'], {
    list: (req) => workspaces.list(actorOf(req), req.query),
    create: (req) => workspaces.create(actorOf(req), req.body),
    get: (req) => workspaces.get(actorOf(req), req.params.id),
    update: (req) => workspaces.update(actorOf(req), req.params.id, req.body.name),
    remove: (req) => workspaces.delete(actorOf(req), req.params.id),
    hasAccess: (req) => workspaces.hasAccess(actorOf(req), req.params.id, req.query.permission),
    setUserPermissions: (req) => workspaces.setUserPermissions(actorOf(req), req.params.id, req.body),
    members: (req) => workspaces.members(actorOf(req), req.params.id, req.query),
  });
}
