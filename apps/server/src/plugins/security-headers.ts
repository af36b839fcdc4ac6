import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The Content-Security-Policy the security headers set on this answer (null before they ran). */
    securityPolicy: Directives | null;
  }
}

import type { Config } from './config';

export type Directives = Record<string, string[]>;

/** The origin of an absolute address (http(s) or ws(s)); nothing for a relative one such as `/cdn/`. */
function originOf(url: string | undefined): string[] {
  if (!url || !/^(https?|wss?):\/\//.test(url)) return [];
  return [new URL(url).origin];
}

/** The origin a browser reached us at, as the request (or the proxy TRUST_PROXY vouches for) says. */
export interface SeenOrigin {
  https: boolean;
  /** host[:port]; only a plain host name or address with a port is taken (it goes into a header). */
  host: string;
}

const PLAIN_HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** The origin of a request: its protocol and Host as Fastify reads them (X-Forwarded-* only from trusted proxies). */
export function seenOrigin(request: { protocol: string; host: string }, config: Config): SeenOrigin {
  // PUBLIC_URL is parsed only for a Host that is not plain (parsing it on every request was 2 % of a
  // small answer's CPU).
  const host = PLAIN_HOST.test(request.host) ? request.host.toLowerCase() : new URL(config.publicUrl).host;
  return { https: request.protocol === 'https', host };
}

/**
 * The web app's Content-Security-Policy (docs/operations.md, "Headers and caching"). Scripts only from our
 * origin: the built index.html has no inline script. Styles allow 'unsafe-inline' because MUI/emotion
 * inserts <style> elements at run time; a nonce would need index.html rendered per request and handed to
 * emotion's cache, while injected CSS cannot run code. Browsers read media and avatars through this
 * server (S3 is only read by the server, for ffmpeg through its relay), so only an absolute CDN_BASE_URL and
 * an external MQTT broker's websocket are other origins. The page's own websocket (`/mqtt`) is named for
 * the origin the browser used (issue 31: served on 127.0.0.1, the policy named localhost) as well as for
 * PUBLIC_URL's; https when the request came over https (behind a trusted proxy: X-Forwarded-Proto) or
 * PUBLIC_URL is https.
 */
export function contentSecurityPolicy(config: Config, seen?: SeenOrigin): Directives {
  const publicOrigin = new URL(config.publicUrl);
  const https = config.publicUrl.startsWith('https:') || !!seen?.https;
  const socket = (host: string) => `${https ? 'wss' : 'ws'}://${host}`;
  const sockets = [...(seen ? [socket(seen.host)] : []), socket(publicOrigin.host)];
  const mqtt = originOf(
    config.mqttPublicUrl ?? (/^wss?:/.test(config.mqttUrl ?? '') ? config.mqttUrl : undefined),
  );
  const cdn = originOf(config.cdnBaseUrl);
  const directives: Directives = {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', ...cdn],
    'media-src': ["'self'", 'blob:', ...cdn],
    'font-src': ["'self'", 'data:'],
    // hls.js feeds MediaSource from a blob: worker.
    'worker-src': ["'self'", 'blob:'],
    'connect-src': [...new Set(["'self'", ...sockets, ...mqtt])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  if (https) directives['upgrade-insecure-requests'] = [];
  return directives;
}

const serialize = (d: Directives) =>
  Object.entries(d)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');

/** A route's own policy (the player page's frame-ancestors) on top of the global one. */
export function mergePolicy(global: Directives, own: string): string {
  const merged = { ...global };
  for (const part of own.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) merged[name.toLowerCase()] = values;
  }
  return serialize(merged);
}

type HelmetOptions = Parameters<typeof helmet>[1];

/**
 * The headers helmet sets with these options, read once from a throwaway Fastify instance. @fastify/helmet
 * builds helmet's middleware again on every request (options, CSP directives parsed anew): about a tenth
 * of the CPU of a small authenticated answer. The headers are the same for every request, so they are set
 * from this list instead.
 */
async function helmetHeaders(options: HelmetOptions): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, options);
  probe.get('/', (_req, reply) => reply.code(204).send());
  const res = await probe.inject({ method: 'GET', url: '/' });
  await probe.close();
  const notHelmets = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);
  return Object.entries(res.headers)
    .filter(([name]) => !notHelmets.has(name))
    .map(([name, value]) => [name, String(value)]);
}

const API_DIRECTIVES: Directives = { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] };

/**
 * A media file opened in a tab plays in the browser's own media page, which loads the same address again:
 * the one exception a file answer adds to the API policy (media-files.routes.ts).
 */
export const MEDIA_FILE_POLICY = "media-src 'self'; img-src 'self'";

/**
 * What an API answer (JSON, HLS, media bytes under /v1) needs, after OWASP's REST Security Cheat Sheet: it
 * is never a document, so it may load nothing and be framed by no one (`default-src 'none'`), is not
 * sniffed, not stored, and not readable cross-origin. The document-only headers (window isolation, DNS
 * prefetch, legacy IE and Flash switches) are left to pages: each header costs a little on every request,
 * and a small authenticated answer is mostly headers (issue 12).
 */
export function apiHeaders(https: boolean): [string, string][] {
  return [
    ['content-security-policy', serialize(API_DIRECTIVES)],
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['cache-control', 'no-store'],
    ...(https ? [['strict-transport-security', 'max-age=31536000'] as [string, string]] : []),
  ];
}

/** Answers of the API (not its HTML documentation) take the API headers; everything else the page's. */
const isApiAnswer = (url: string) => url.startsWith('/v1/') && !url.startsWith('/v1/docs');

/**
 * Security headers on every response. Pages (the web app, the player, the API docs) get helmet's (computed
 * once): CSP, X-Frame-Options DENY, nosniff, Referrer-Policy, cross-origin isolation of windows and
 * resources; the CSP and HSTS follow the origin the request was made to (`seenOrigin`: HSTS over https,
 * including behind a proxy TRUST_PROXY trusts; issue 31), cached per origin. A route that sets its own
 * Content-Security-Policy (the public player page, whose frame-ancestors come from the output's whitelist)
 * sets it with `setOwnPolicy`: it keeps its directives on top of the policy (an API answer's on top of the
 * API policy) and loses X-Frame-Options, which cannot express a list of sites. API answers get `apiHeaders`; among them
 * `Cache-Control: no-store` unless the route chose its own: tokens, stream keys and broker credentials
 * must never sit in a shared or browser cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const pageHeaders = await helmetHeaders({
    contentSecurityPolicy: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  const publicHttps = config.publicUrl.startsWith('https:');
  // includeSubDomains would bind every host under the operator's domain to https.
  const hsts: [string, string] = ['strict-transport-security', 'max-age=31536000'];
  const apiPlain = apiHeaders(false);
  const apiSecure = apiHeaders(true);
  // A page's policy per origin, as directives (for setOwnPolicy) and as the header's text.
  const policies = new Map<string, { directives: Directives; header: string }>();
  const policyFor = (seen: SeenOrigin) => {
    const key = `${seen.https}|${seen.host}`;
    let policy = policies.get(key);
    if (!policy) {
      const directives = contentSecurityPolicy(config, seen);
      policy = { directives, header: serialize(directives) };
      // Host names are few (the public name, an address or two); a flood of made-up ones is not kept.
      if (policies.size < 32) policies.set(key, policy);
    }
    return policy;
  };
  // On the reply, not the raw response: Fastify hands its headers to Node's writeHead in one object, while a
  // raw setHeader checks each header on its own and then makes Node merge Fastify's in one by one (a sixth
  // of a small API answer's CPU, issue 32). The policy's directives stay on the request for setOwnPolicy.
  app.decorateRequest('securityPolicy', null);
  app.addHook('onRequest', (request, reply, done) => {
    if (isApiAnswer(request.url)) {
      // Only the protocol matters here: the Host check of seenOrigin was a fiftieth of a small answer.
      const https = publicHttps || request.protocol === 'https';
      for (const [name, value] of https ? apiSecure : apiPlain) reply.header(name, value);
      request.securityPolicy = API_DIRECTIVES;
    } else {
      const seen = seenOrigin(request, config);
      const https = publicHttps || seen.https;
      for (const [name, value] of pageHeaders) reply.header(name, value);
      const policy = policyFor(seen);
      reply.header('content-security-policy', policy.header);
      request.securityPolicy = policy.directives;
      if (https) reply.header(...hsts);
    }
    done();
  });
}

/**
 * An answer's own Content-Security-Policy (the player page's frame-ancestors, a media file's media-src) on
 * top of the policy its request carries, and without X-Frame-Options when it names frame-ancestors (that
 * header cannot express a list of sites). Routes set a policy only here: a plain header would replace the
 * whole global policy (test/unit/own-policy.test.ts reads the sources). Merged where it is set, not
 * in a hook that every answer passed for the two routes that have one (issue 32).
 */
export function setOwnPolicy(request: FastifyRequest, reply: FastifyReply, own: string): FastifyReply {
  const base = request.securityPolicy;
  reply.header('content-security-policy', base ? mergePolicy(base, own) : own);
  if (/frame-ancestors/i.test(own)) reply.removeHeader('x-frame-options');
  return reply;
}
