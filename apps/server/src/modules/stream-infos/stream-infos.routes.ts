import { streamInfoRoutes } from '@stromwerk/contracts/api/stream-infos';
import { streamInfoSchemas } from '@stromwerk/contracts/api/stream-infos.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function streamInfosRoutes(app: FastifyInstance) {
  const { streamInfos } = app.services;
  registerTable(app, streamInfoRoutes, streamInfoSchemas, ['sources'], {
    list: (req) => streamInfos.list(actorOf(req), req.query),
    create: (req) => streamInfos.create(actorOf(req), req.body),
    remove: (req) => streamInfos.delete(actorOf(req), req.params.id),
  });
}
