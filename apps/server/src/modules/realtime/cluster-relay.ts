/**
 * A cluster's WebRTC peers on the process the leases name (issue 35 item 4). A WHEP viewer's peer must
 * live where the program's RTP is made, which the player's program lease names; a WHIP publisher
 * belongs where its source is live, which the source's lease names (a reconnecting OBS replaces its own
 * publish there instead of being refused elsewhere). An offer (or DELETE) that reaches another process,
 * as a load balancer sends it, is passed on over HTTP to the lease holder's INTERNAL_URL, and its answer
 * handed back unchanged: the answer's ICE candidates are the holder's, so media flows between it and the
 * browser directly.
 *
 * The request goes on as the client sent it (path, query, body, Host, Origin, Referer, Cookie,
 * Authorization: the holder decides access itself, by the same code as for a request of its own) with
 * one header more, `x-stromwerk-relay`: an expiry and an HMAC of method, path and expiry with the
 * server secret every process shares. A request carrying a valid one is answered where it lands and
 * never passed on again (no loops); an invalid one is ignored. The client's address goes along in
 * `x-stromwerk-viewer-ip` for the holder's rate limit, trusted only with a valid relay header.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { request } from 'node:http';
import { request as requestTls } from 'node:https';
import type { LeaseKind } from '../live/lease-state';

export const RELAY_HEADER = 'x-stromwerk-relay';
export const VIEWER_IP_HEADER = 'x-stromwerk-viewer-ip';
const RELAY_SECONDS = 30;
const RELAY_TIMEOUT_MS = 10_000;
const PASSED_HEADERS = ['content-type', 'origin', 'referer', 'cookie', 'authorization', 'user-agent'];
const ANSWER_HEADERS = ['content-type', 'location', 'link'];

export interface RelayedRequest {
  method: 'POST' | 'DELETE';
  /** Path and query, as the viewer asked. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body?: string;
  ip: string;
}

export interface RelayedAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface ClusterRelayDeps {
  /** A lease's holder and its INTERNAL_URL (none: no running holder with an address). */
  holderOf(kind: LeaseKind, id: string): Promise<{ holder: string; url: string } | undefined>;
  /** This process's holder name (its own lease is never passed to itself). */
  me(): string | undefined;
  secret(): Promise<Uint8Array>;
}

export class ClusterRelay {
  constructor(private readonly deps: ClusterRelayDeps) {}

  private async mac(method: string, path: string, exp: number) {
    return createHmac('sha256', await this.deps.secret())
      .update(`whep-relay:${method}:${path}:${exp}`)
      .digest('base64url');
  }

  /** Whether a request came from another process of the cluster (a valid, unexpired relay header). */
  async relayed(method: string, url: string, header: unknown, now = Date.now()): Promise<boolean> {
    if (typeof header !== 'string') return false;
    const [expText, sig] = header.split('.');
    const exp = Number(expText);
    if (!sig || !Number.isInteger(exp) || exp * 1000 < now) return false;
    const expected = Buffer.from(await this.mac(method, url, exp));
    const given = Buffer.from(sig);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /**
   * Passes the request to the process holding the lease; undefined when there is none to pass to (no
   * holder, no address, this process, or it cannot be reached: the caller then answers for itself, with
   * a 409 or 404 a player falls back from).
   */
  async pass(kind: LeaseKind, id: string, req: RelayedRequest): Promise<RelayedAnswer | undefined> {
    const holder = await this.deps.holderOf(kind, id);
    if (!holder || holder.holder === this.deps.me()) return undefined;
    // Signed as the holder will see it: the request target the URL parser makes of the client's.
    const target = new URL(req.url, `${holder.url}/`);
    const exp = Math.floor(Date.now() / 1000) + RELAY_SECONDS;
    const headers: Record<string, string> = {
      [RELAY_HEADER]: `${exp}.${await this.mac(req.method, target.pathname + target.search, exp)}`,
      [VIEWER_IP_HEADER]: req.ip,
    };
    for (const name of PASSED_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    if (typeof req.headers.host === 'string') headers.host = req.headers.host;
    return send(target, req.method, headers, req.body).catch(() => undefined);
  }
}

function send(
  url: URL,
  method: string,
  headers: Record<string, string>,
  body: string | undefined,
): Promise<RelayedAnswer> {
  const make = url.protocol === 'https:' ? requestTls : request;
  return new Promise((resolve, reject) => {
    const req = make(url, { method, headers, timeout: RELAY_TIMEOUT_MS }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const answerHeaders: Record<string, string> = {};
        for (const name of ANSWER_HEADERS) {
          const value = res.headers[name];
          if (value !== undefined) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
        }
        resolve({
          status: res.statusCode ?? 502,
          headers: answerHeaders,
          body: Buffer.concat(chunks).toString('utf8'),
        });
      });
    });
    req.on('timeout', () => req.destroy(new Error('relay timed out')));
    req.on('error', reject);
    req.end(body);
  });
}
