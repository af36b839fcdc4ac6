import { graphRoutes as routes } from '@stromwerk/contracts/api/graph';
import { graphSchemas } from '@stromwerk/contracts/api/graph.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function graphRoutes(app: FastifyInstance) {
  const { graph } = app.services;
  registerTable(app, routes, graphSchemas, ['graph'], {
    ofWorkspace: (req) => graph.ofWorkspace(actorOf(req), req.params.id),
    watch: (req) => graph.watch(actorOf(req), req.params.id, req.query.watcher),
    unwatch: (req) => graph.unwatch(actorOf(req), req.params.id, req.query.watcher),
  });
}
