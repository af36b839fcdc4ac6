import { fillPath } from '@stromwerk/contracts/api/route';
import { whipRoutes as whipTable } from '@stromwerk/contracts/api/whip';
import { whipSchemas } from '@stromwerk/contracts/api/whip.schemas';
import { WHEP_OFFER_MAX_BYTES } from '@stromwerk/contracts/outputs';
import type { FastifyInstance } from 'fastify';
import { registerTable } from '../../lib/table-routes';
import { relayRoutes } from './cluster-relay-routes';
import { iceServerLinks } from './ice-links';

/** WHIP ingest (issue 35 item 2): the stream key is the bearer token; offers and answers are SDP. */
export async function whipRoutes(app: FastifyInstance) {
  const { whip, clusterRelay, config } = app.services;
  // A publish for a source live on another process of the cluster goes there (a reconnecting encoder
  // replaces its own publish), as does its DELETE.
  const relay = relayRoutes(clusterRelay);
  const elsewhere = (sourceId: string | undefined) =>
    sourceId !== undefined && !whip.publishingHere(sourceId);
  const links = iceServerLinks(config.webrtc?.iceServers);
  app.addContentTypeParser(
    'application/sdp',
    { parseAs: 'string', bodyLimit: WHEP_OFFER_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  registerTable(app, whipTable, whipSchemas, ['ingest'], {
    publish: {
      handler: async (req, reply) => {
        const sourceId = whip.sourceOfBearer(req.headers.authorization);
        const passed = elsewhere(sourceId) ? await relay.passOn(req, 'source', sourceId!) : undefined;
        if (passed) return relay.send(reply, passed);
        const { answer, resource } = await whip.offer(req.headers.authorization, req.body);
        if (links.length) reply.header('link', links);
        return reply
          .status(201)
          .header('content-type', 'application/sdp')
          .header('location', `/v1${fillPath(whipTable.end.path, { resource })}`)
          .send(answer);
      },
      bodyLimit: WHEP_OFFER_MAX_BYTES,
      // Per client address: a wrong key costs a guess, as an RTMP publish's does.
      config: { rateLimit: { max: 30, timeWindow: '1 minute', keyGenerator: relay.rateKey } },
    },
    end: async (req, reply) => {
      const sourceId = whip.sourceOfBearer(req.headers.authorization);
      const passed =
        !whip.hasResource(req.params.resource) && sourceId !== undefined
          ? await relay.passOn(req, 'source', sourceId)
          : undefined;
      if (passed) return relay.send(reply, passed);
      return whip.end(req.params.resource, req.headers.authorization);
    },
  });
}
