import compress from '@fastify/compress';
import { playRoutes as playTable } from '@stromwerk/contracts/api/play';
import { playSchemas } from '@stromwerk/contracts/api/play.schemas';
import { fillPath } from '@stromwerk/contracts/api/route';
import { WHEP_OFFER_MAX_BYTES } from '@stromwerk/contracts/outputs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { registerTable } from '../../lib/table-routes';
import { LIMITS } from '../auth/limits';
import { relayRoutes } from '../realtime/cluster-relay-routes';
import { iceServerLinks } from '../realtime/ice-links';
import type { PlaylistRequest, PlaylistVariant } from './play.service';
import type { Addressing } from './playlist-text';

const PLAYLIST_TYPE = 'application/vnd.apple.mpegurl';

/** The headers that say which page a request comes from, and the login if any (see PlayService.verify). */
const from = (req: FastifyRequest) => ({
  origin: req.headers.origin,
  referer: req.headers.referer,
  host: req.headers.host,
  actor: req.actor,
});

/** The public player's API: no account, a viewer token from the session call instead. */
export async function playRoutes(app: FastifyInstance) {
  const { play, comments, whep, clusterRelay, config } = app.services;
  // A viewer's WHEP request for a program written by another process of the cluster goes there.
  const relay = relayRoutes(clusterRelay);
  const iceLinks = iceServerLinks(config.webrtc?.iceServers);
  // WHEP offers (issue 35) are SDP text, bounded like the schema says.
  app.addContentTypeParser(
    'application/sdp',
    { parseAs: 'string', bodyLimit: WHEP_OFFER_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  // Playlists only, on request (reply.compress), in this plugin's scope: a day of DVR is ~900 kB of text
  // (~70 kB compressed), while segments are video that does not compress. The sync path (every playlist
  // fits) gives the compressed length, which is what the usage meter counts.
  await app.register(compress, {
    global: false,
    encodings: ['br', 'gzip'],
    customTypes: /^application\/vnd\.apple\.mpegurl/,
    syncThreshold: 16 * 1024 * 1024,
  });

  const playlist = async (
    reply: FastifyReply,
    req: FastifyRequest,
    id: string,
    token: string,
    q: { _HLS_msn?: number; _HLS_part?: number; _HLS_skip?: PlaylistRequest['skip'] },
    addressing: Addressing,
    variant?: PlaylistVariant,
  ) => {
    const directives = { msn: q._HLS_msn, part: q._HLS_part, skip: q._HLS_skip };
    const { body, egress } = await play.playlist(id, token, from(req), directives, addressing, variant);
    reply.header('content-type', PLAYLIST_TYPE).header('cache-control', 'no-cache');
    reply.compress(body);
    const sent = Number(reply.getHeader('content-length'));
    egress(reply.getHeader('content-encoding') && sent > 0 ? sent : Buffer.byteLength(body));
    return reply;
  };
  const segment = async (
    reply: FastifyReply,
    req: FastifyRequest,
    id: string,
    file: string,
    token: string,
    rung?: string,
  ) => {
    const { stream, size, contentType } = await play.segment(id, file, token, from(req), rung);
    return reply
      .header('content-type', contentType)
      .header('content-length', size)
      .header('cache-control', 'private, max-age=86400')
      .send(stream);
  };

  registerTable(app, playTable, playSchemas, ['player'], {
    session: {
      handler: (req) => play.session(req.params.id, req.body, from(req)),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' }, attempts: LIMITS.playerPassword },
    },
    state: (req) => play.state(req.params.id, req.query.t, from(req)),
    playlist: (req, reply) => playlist(reply, req, req.params.id, req.query.t, req.query, 'query'),
    segment: (req, reply) => segment(reply, req, req.params.id, req.params.file, req.query.t),
    signedPlaylist: (req, reply) => playlist(reply, req, req.params.id, req.params.token, req.query, 'path'),
    signedSegment: (req, reply) => segment(reply, req, req.params.id, req.params.file, req.params.token),
    signedMultivariant: (req, reply) =>
      playlist(reply, req, req.params.id, req.params.token, {}, 'path', { kind: 'multivariant' }),
    signedRungPlaylist: (req, reply) =>
      playlist(reply, req, req.params.id, req.params.token, req.query, 'path', {
        kind: 'rung',
        rung: req.params.rung,
      }),
    signedRungSegment: (req, reply) =>
      segment(reply, req, req.params.id, req.params.file, req.params.token, req.params.rung),
    whep: {
      handler: async (req, reply) => {
        const { id } = req.params;
        const passed = whep.programHere(id) ? undefined : await relay.passOn(req, 'output', id);
        if (passed) return relay.send(reply, passed);
        const { answer, resource } = await whep.offer(id, req.query.t, req.body, from(req));
        const location = `/v1${fillPath(playTable.whepEnd.path, { id, resource })}`;
        if (iceLinks.length) reply.header('link', iceLinks);
        return reply
          .status(201)
          .header('content-type', 'application/sdp')
          .header('location', location)
          .send(answer);
      },
      bodyLimit: WHEP_OFFER_MAX_BYTES,
      config: {
        rateLimit: {
          max: 30,
          timeWindow: '1 minute',
          keyGenerator: relay.rateKey,
        },
      },
    },
    whepEnd: async (req, reply) => {
      const { id, resource } = req.params;
      const passed = whep.hasResource(resource) ? undefined : await relay.passOn(req, 'output', id);
      if (passed) return relay.send(reply, passed);
      return whep.end(id, resource);
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
