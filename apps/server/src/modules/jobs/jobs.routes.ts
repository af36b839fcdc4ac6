import { jobRoutes } from '@stromwerk/contracts/api/jobs';
import { jobSchemas } from '@stromwerk/contracts/api/jobs.schemas';
import { updateJobBodySchema } from '@stromwerk/contracts/jobs';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function jobsRoutes(app: FastifyInstance) {
  const { jobs } = app.services;
  registerTable(app, jobRoutes, jobSchemas, ['jobs'], {
    list: (req) => jobs.list(actorOf(req), req.query),
    create: (req) => jobs.create(actorOf(req), req.body),
    get: (req) => jobs.get(actorOf(req), req.params.id),
    update: (req) => jobs.update(actorOf(req), req.params.id, queryOrBody(updateJobBodySchema, req).priority),
    remove: (req) => jobs.delete(actorOf(req), req.params.id),
    cancel: (req) => jobs.cancel(actorOf(req), req.params.id),
    retry: (req) => jobs.retry(actorOf(req), req.params.id),
    listInWorkspace: (req) => jobs.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => jobs.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
  });
}
