import { outputRoutes } from '@stromwerk/contracts/api/outputs';
import { outputSchemas } from '@stromwerk/contracts/api/outputs.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function outputsRoutes(app: FastifyInstance) {
  const { outputs } = app.services;
  registerTable(app, outputRoutes, outputSchemas, ['outputs'], {
    list: (req) => outputs.list(actorOf(req), req.query),
    create: (req) => outputs.create(actorOf(req), req.body),
    get: (req) => outputs.get(actorOf(req), req.params.id),
    update: (req) => outputs.update(actorOf(req), req.params.id, req.body),
    remove: (req) => outputs.delete(actorOf(req), req.params.id),
    bulkDelete: (req) => outputs.deleteMany(actorOf(req), req.body.ids),
    bulkUpdate: (req) => outputs.updateMany(actorOf(req), req.body.ids, req.body.changes),
    passwords: (req) => outputs.passwords(actorOf(req), req.params.id),
    statistics: (req) => outputs.statistics(actorOf(req), req.params.id),
    listInWorkspace: (req) => outputs.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => outputs.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  });
}
