import type { FastifyReply, FastifyRequest } from 'fastify';
import type { LeaseKind } from '../live/lease-state';
import { type ClusterRelay, RELAY_HEADER, type RelayedAnswer, VIEWER_IP_HEADER } from './cluster-relay';

/** What the WHEP and WHIP routes do with the cluster relay (cluster-relay.ts). */
export function relayRoutes(relay: ClusterRelay) {
  /** A request another process of the cluster passed on: answered here, never passed again. */
  const relayed = (req: FastifyRequest) => relay.relayed(req.method, req.url, req.headers[RELAY_HEADER]);
  return {
    relayed,
    /** The request passed to the lease's holder elsewhere; undefined: answered here. */
    async passOn(req: FastifyRequest, kind: LeaseKind, id: string) {
      if (await relayed(req)) return undefined;
      return relay.pass(kind, id, {
        method: req.method as 'POST' | 'DELETE',
        url: req.url,
        headers: req.headers,
        ...(typeof req.body === 'string' ? { body: req.body } : {}),
        ip: req.ip,
      });
    },
    send: (reply: FastifyReply, a: RelayedAnswer) => reply.status(a.status).headers(a.headers).send(a.body),
    /** A rate limit per client: a passed-on request counts for the client whose address it carries. */
    async rateKey(req: FastifyRequest) {
      const clientIp = req.headers[VIEWER_IP_HEADER];
      return typeof clientIp === 'string' && (await relayed(req)) ? `client:${clientIp}` : req.ip;
    },
  };
}
