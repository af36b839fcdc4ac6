import { relative, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * How long browsers keep a file of the built web app. Files under assets/ carry a content hash in their
 * name, so a new build gives new names: they never change and are kept a year. index.html names those
 * files, so it is revalidated on every load (ETag, 304). The rest (favicon, flags) for an hour.
 */
export function webCacheControl(file: string): string {
  const name = file.replace(/\.(br|gz)$/, '');
  if (name.startsWith('assets/')) return 'public, max-age=31536000, immutable';
  if (name.endsWith('.html')) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The built web app (apps/web/dist). The build writes name.br and name.gz beside each text file
 * (vite-plugin-compression2); the file the browser's Accept-Encoding allows is sent as it is, brotli
 * first, with `Vary: Accept-Encoding`.
 */
export async function registerWebApp(app: FastifyInstance, root: string): Promise<void> {
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, path) {
      reply.header('cache-control', webCacheControl(relative(root, path).split(sep).join('/')));
    },
  });
}
