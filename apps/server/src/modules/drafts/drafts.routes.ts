import { draftRoutes } from '@stromwerk/contracts/api/drafts';
import { draftSchemas } from '@stromwerk/contracts/api/drafts.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function draftsRoutes(app: FastifyInstance) {
  const { drafts } = app.services;
  registerTable(app, draftRoutes, draftSchemas, ['drafts'], {
    list: (req) => drafts.list(actorOf(req), req.query),
    create: (req) => drafts.create(actorOf(req), req.body),
    get: (req) => drafts.get(actorOf(req), req.params.id),
    update: (req) => drafts.update(actorOf(req), req.params.id, req.body),
    remove: (req) => drafts.delete(actorOf(req), req.params.id),
    render: (req) => drafts.render(actorOf(req), req.params.id),
    preview: async (req, reply) => {
      const mp4 = await drafts.preview(actorOf(req), req.params.id, req.body);
      return reply.header('content-type', 'video/mp4').header('cache-control', 'no-store').send(mp4);
    },
    listInWorkspace: (req) => drafts.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => drafts.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  });
}
