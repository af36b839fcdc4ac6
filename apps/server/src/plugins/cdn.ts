import type { FastifyInstance } from 'fastify';
import { sniffImage } from '../lib/image-sniff';
import type { Storage } from './storage';

/**
 * Serves public files of local storage under /cdn/ when CDN_BASE_URL is left at its default. Only avatars are
 * public; workspace media are served through access-checked routes.
 */
export function registerCdn(app: FastifyInstance, storage: Storage) {
  app.get('/cdn/avatars/:name', { schema: { hide: true } }, async (req, reply) => {
    const { name } = req.params as { name: string };
    if (!/^[0-9a-f-]{36}$/.test(name))
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    const key = `avatars/${name}`;
    const size = await storage.size(key);
    if (size === null)
      return reply.status(404).send({ statusCode: 404, code: 'NOT_FOUND', message: 'Not found' });
    const head = await new Promise<Buffer>((resolve, reject) => {
      const s = storage.read(key);
      s.once('data', (chunk) => {
        resolve(chunk as Buffer);
        s.destroy();
      });
      s.once('error', reject);
    });
    reply.header('content-type', sniffImage(head)?.mimeType ?? 'application/octet-stream');
    reply.header('cache-control', 'public, max-age=31536000, immutable');
    reply.header('content-length', size);
    return reply.send(storage.read(key));
  });
}
