import { targetRoutes } from '@stromwerk/contracts/api/targets';
import { targetSchemas } from '@stromwerk/contracts/api/targets.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function targetsRoutes(app: FastifyInstance) {
  const { targets } = app.services;
  registerTable(app, targetRoutes, targetSchemas, ['targets'], {
    list: (req) => targets.list(actorOf(req), req.query),
    create: (req) => targets.create(actorOf(req), req.body),
    get: (req) => targets.get(actorOf(req), req.params.id),
    update: (req) => targets.update(actorOf(req), req.params.id, req.body),
    remove: (req) => targets.delete(actorOf(req), req.params.id),
    bulkDelete: (req) => targets.deleteMany(actorOf(req), req.body.ids),
    listInWorkspace: (req) => targets.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => targets.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  });
}
