import { clipRoutes } from '@stromwerk/contracts/api/clips';
import { clipSchemas } from '@stromwerk/contracts/api/clips.schemas';
import type { FastifyInstance } from 'fastify';
import { actorOf } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';

export async function clipsRoutes(app: FastifyInstance) {
  const { clips, markers } = app.services;
  registerTable(app, clipRoutes, clipSchemas, ['clips'], {
    create: (req) => clips.create(actorOf(req), req.body),
    dvr: (req) => clips.dvr(actorOf(req), req.params.id),
    fastCut: (req) => clips.fastCut(actorOf(req), req.params.id, req.query),
    markers: (req) => markers.list(actorOf(req), req.params.id),
    addMarker: (req) => markers.add(actorOf(req), req.params.id, req.body),
    removeMarker: (req) => markers.remove(actorOf(req), req.params.id, req.params.markerId),
  });
}
