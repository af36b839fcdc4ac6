import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config';

type Directives = Record<string, string[]>;

/** The origin of an absolute address (http(s) or ws(s)); nothing for a relative one such as `/cdn/`. */
function originOf(url: string | undefined): string[] {
  if (!url || !/^(https?|wss?):\/\//.test(url)) return [];
  return [new URL(url).origin];
}

/**
 * The web app's Content-Security-Policy (docs/operations.md, "Headers and caching"). Scripts only from our
 * origin: the built index.html has no inline script. Styles allow 'unsafe-inline' because MUI/emotion
 * inserts <style> elements at run time; a nonce would need index.html rendered per request and handed to
 * emotion's cache, while injected CSS cannot run code. Browsers read media and avatars through this
 * server (S3 is only read by ffmpeg, through presigned addresses), so only an absolute CDN_BASE_URL and
 * an external MQTT broker's websocket are other origins.
 */
export function contentSecurityPolicy(config: Config): Directives {
  const https = config.publicUrl.startsWith('https:');
  const publicOrigin = new URL(config.publicUrl);
  const ownSocket = `${https ? 'wss' : 'ws'}://${publicOrigin.host}`;
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
    'connect-src': [...new Set(["'self'", ownSocket, ...mqtt])],
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

/**
 * Security headers on every response (helmet's, computed once): CSP, X-Frame-Options DENY, nosniff, Referrer-Policy,
 * cross-origin isolation of windows and resources, HSTS when PUBLIC_URL is https. A route that sets its
 * own Content-Security-Policy (the public player page, whose frame-ancestors come from the output's
 * whitelist) keeps its directives on top of the global policy and loses X-Frame-Options, which cannot
 * express a list of sites. Every /v1 response that did not choose a Cache-Control is `no-store`: tokens,
 * stream keys and broker credentials must never sit in a shared or browser cache.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const directives = contentSecurityPolicy(config);
  const https = config.publicUrl.startsWith('https:');
  const headers = await helmetHeaders({
    contentSecurityPolicy: { useDefaults: false, directives },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // includeSubDomains would bind every host under the operator's domain to https.
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  });
  // On the raw response, as helmet does: a route's own CSP (set on the reply) is told apart below.
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  app.addHook('onSend', async (request, reply, payload) => {
    const own = reply.getHeader('content-security-policy');
    if (typeof own === 'string' && own !== reply.raw.getHeader('content-security-policy')) {
      reply.header('content-security-policy', mergePolicy(directives, own));
      if (/frame-ancestors/i.test(own)) {
        reply.removeHeader('x-frame-options');
        reply.raw.removeHeader('x-frame-options');
      }
    }
    if (request.url.startsWith('/v1/') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
