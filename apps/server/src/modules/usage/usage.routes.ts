import { usageRoutes as routes } from '@stromwerk/contracts/api/usage';
import { usageSchemas } from '@stromwerk/contracts/api/usage.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function usageRoutes(app: FastifyInstance) {
  const { usage } = app.services;
  registerTable(app, routes, usageSchemas, ['usage'], {
    quota: (req) => usage.quota(actorOf(req), req.params.id),
    updateQuota: (req) => usage.updateQuota(actorOf(req), req.params.id, req.body),
    ofCorporation: (req) => usage.usage(actorOf(req), { corporationId: req.params.id }),
    lastReportOfCorporation: (req) => usage.lastReport(actorOf(req), { corporationId: req.params.id }),
    ofWorkspace: (req) => usage.usage(actorOf(req), { workspaceId: req.params.id }),
    lastReportOfWorkspace: (req) => usage.lastReport(actorOf(req), { workspaceId: req.params.id }),
    report: (req) => usage.createReport(actorOf(req), req.body),
  });
}
