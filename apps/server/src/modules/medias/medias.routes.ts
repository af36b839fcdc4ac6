import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { mediaSchemas } from '@stromwerk/contracts/api/medias.schemas';
import { copyMediaQuerySchema, updateMediaBodySchema } from '@stromwerk/contracts/medias';
import type { FastifyInstance } from 'fastify';
import { actorOf, queryOrBody } from '../../lib/route';
import { registerTable } from '../../lib/table-routes';
import { acceptFiles } from '../../plugins/multipart';
import { serveMediaFile } from './media-files.routes';

export async function mediasRoutes(app: FastifyInstance) {
  await acceptFiles(app);
  const { medias, mediaUpload, waitingMedia, mediaKeyframes } = app.services;
  registerTable(app, mediaRoutes, mediaSchemas, ['medias'], {
    list: (req) => medias.list(actorOf(req), req.query),
    create: (req) => waitingMedia.create(actorOf(req), req.body),
    // Streamed like `upload`: the storage quota bounds it.
    uploadFile: (req) => waitingMedia.upload(actorOf(req), req, req.params.id),
    // Streamed: no time-out and no body limit; the storage quota bounds it.
    upload: (req) => mediaUpload.upload(actorOf(req), req, req.query.workspaceId),
    byOrigin: (req) => medias.byOrigin(actorOf(req), req.params.origin, req.query),
    get: (req) => medias.get(actorOf(req), req.params.id),
    rename: (req) => medias.rename(actorOf(req), req.params.id, queryOrBody(updateMediaBodySchema, req).name),
    remove: (req) => medias.delete(actorOf(req), req.params.id),
    copy: (req) => medias.copy(actorOf(req), req.params.id, queryOrBody(copyMediaQuerySchema, req)),
    keyframes: (req) => mediaKeyframes.keyframes(actorOf(req), req.params.id),
    renderMp4: (req) => medias.renderMp4(actorOf(req), req.params.id),
    listInWorkspace: (req) => medias.listIn(actorOf(req), { workspaceId: req.params.id }, req.query),
    listInCorporation: (req) => medias.listIn(actorOf(req), { corporationId: req.params.id }, req.query),
    file: serveMediaFile(app.services),
  });
}
