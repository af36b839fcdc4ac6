import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * A player's media delivery: playlists, parts and segments of `/v1/play/<id>/t/<token>/…` (and the
 * ladder's rungs below it). A low-latency viewer asks for six or more of them a second.
 */
const MEDIA_DELIVERY = /^\/v1\/play\/[^/]+\/t\//;

/**
 * Requests as logged: an OAuth callback's query (authorization code, state) and a viewer's token in a
 * player's media addresses are left out, so nothing that could complete someone's connection or watch
 * someone's stream reaches a log line.
 */
export function requestForLog(req: { method: string; url: string; hostname?: string; ip?: string }) {
  let url = req.url;
  if (url.startsWith('/v1/connect-social/')) url = url.replace(/\?.*$/, '?…');
  else if (url.startsWith('/v1/play/')) url = url.replace(/\/t\/[^/]+/, '/t/…');
  return { method: req.method, url, hostname: req.hostname, remoteAddress: req.ip };
}

/**
 * One access-log line per request, when it is answered (method, address, status, time), like a web
 * server's access log, instead of Fastify's two (one on arrival without the outcome, one at the end
 * without the request). A player's media delivery is logged at debug unless it failed: at info level
 * every viewer of a low-latency player wrote a dozen lines a second. Errors stay at error level.
 */
export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, 'request errored');
    else if (reply.statusCode < 400 && MEDIA_DELIVERY.test(request.url))
      reply.log.debug(line, 'request completed');
    else reply.log.info(line, 'request completed');
  }
}
