import { usageRoutes as routes } from '@stromwerk/contracts/api/usage';
import { usageSchemas } from '@stromwerk/contracts/api/usage.schemas';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

const sendCsv = (reply: FastifyReply, file: { csv: string; filename: string }) =>
  reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .send(file.csv);

export async function usageRoutes(app: FastifyInstance) {
  const { usage } = app.services;
  registerTable(app, routes, usageSchemas, ['usage'], {
    quota: (req) => usage.quota(actorOf(req), req.params.id),
    updateQuota: (req) => usage.updateQuota(actorOf(req), req.params.id, req.body),
    ofCorporation: (req) => usage.usage(actorOf(req), { corporationId: req.params.id }),
    lastReportOfCorporation: (req) => usage.lastReport(actorOf(req), { corporationId: req.params.id }),
    ofWorkspace: (req) => usage.usage(actorOf(req), { workspaceId: req.params.id }),
    lastReportOfWorkspace: (req) => usage.lastReport(actorOf(req), { workspaceId: req.params.id }),
    seriesOfCorporation: (req) => usage.series(actorOf(req), { corporationId: req.params.id }, req.query),
    csvOfCorporation: async (req, reply) =>
      sendCsv(reply, await usage.csv(actorOf(req), { corporationId: req.params.id }, req.query)),
    seriesOfWorkspace: (req) => usage.series(actorOf(req), { workspaceId: req.params.id }, req.query),
    csvOfWorkspace: async (req, reply) =>
      sendCsv(reply, await usage.csv(actorOf(req), { workspaceId: req.params.id }, req.query)),
    report: (req) => usage.createReport(actorOf(req), req.body),
  });
}
