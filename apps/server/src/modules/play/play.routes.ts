import { playRoutes as playTable } from '@stromwerk/contracts/api/play';
import { playSchemas } from '@stromwerk/contracts/api/play.schemas';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerTable } from '../../lib/table-routes';
import { LIMITS } from '../auth/limits';

/** The headers that say which page a request comes from, and the login if any (see PlayService.verify). */
const from = (req: FastifyRequest) => ({
  origin: req.headers.origin,
  referer: req.headers.referer,
  host: req.headers.host,
  actor: req.actor,
});

/** The public player's API: no account, a viewer token from the session call instead. */
export async function playRoutes(app: FastifyInstance) {
  const { play, comments } = app.services;
  registerTable(app, playTable, playSchemas, ['player'], {
    session: {
      handler: (req) => play.session(req.params.id, req.body, from(req)),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, attempts: LIMITS.playerPassword },
    },
    state: (req) => play.state(req.params.id, req.query.t, from(req)),
    playlist: async (req, reply) => {
      const { t, _HLS_msn: msn, _HLS_part: part } = req.query;
      const text = await play.playlist(req.params.id, t, from(req), { msn, part });
      return reply
        .header('content-type', 'application/vnd.apple.mpegurl')
        .header('cache-control', 'no-cache')
        .send(text);
    },
    segment: async (req, reply) => {
      const { stream, size, contentType } = await play.segment(
        req.params.id,
        req.params.file,
        req.query.t,
        from(req),
      );
      return reply
        .header('content-type', contentType)
        .header('content-length', size)
        .header('cache-control', 'private, max-age=86400')
        .send(stream);
    },
    comments: async (req) =>
      comments.listPublic((await play.verify(req.params.id, req.query.t, from(req))).row),
    comment: {
      handler: async (req) => {
        const { row } = await play.verify(req.params.id, req.query.t, from(req));
        return comments.createByViewer(row, req.body.author, req.body.text);
      },
      config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
    },
  });
}
