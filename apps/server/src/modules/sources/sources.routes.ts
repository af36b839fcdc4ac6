import { sourceRoutes } from '@stromwerk/contracts/api/sources';
import { sourceSchemas } from '@stromwerk/contracts/api/sources.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function sourcesRoutes(app: FastifyInstance) {
  const { sources } = app.services;
  registerTable(app, sourceRoutes, sourceSchemas, ['sources'], {
    list: (req) => sources.list(actorOf(req), req.query),
    endpoints: () => sources.endpoints(),
    create: (req) => sources.create(actorOf(req), req.body),
    byStreamKey: (req) => sources.byStreamKey(actorOf(req), req.params.key),
    get: (req) => sources.get(actorOf(req), req.params.id),
    update: (req) => sources.update(actorOf(req), req.params.id, req.body),
    remove: (req) => sources.delete(actorOf(req), req.params.id),
    bulkDelete: (req) => sources.deleteMany(actorOf(req), req.body.ids),
    bulkUpdate: (req) => sources.updateMany(actorOf(req), req.body.ids, req.body.changes),
    setMeta: (req) => sources.setMeta(actorOf(req), req.params.id, req.body.meta),
    preview: async (req, reply) => {
      const jpeg = await sources.preview(actorOf(req), req.params.id);
      return reply.header('content-type', 'image/jpeg').header('cache-control', 'no-store').send(jpeg);
    },
    streamKey: (req) => sources.streamKey(actorOf(req), req.params.id),
    rotateKey: (req) => sources.rotateKey(actorOf(req), req.params.id),
    listInWorkspace: (req) => sources.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => sources.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  });
}
