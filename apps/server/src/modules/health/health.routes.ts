import { healthSchema } from '@stromwerk/contracts/health';
import type { FastifyInstance } from 'fastify';
import { typed } from '../../lib/route';

export interface HealthSources {
  version: string;
  broker: () => { ok: boolean; engine: string; message?: string };
  media: () => { ok: boolean; engine: string; message?: string; features: Record<string, boolean> };
  storage: () => { ok: boolean; engine: string; message?: string };
}

export async function healthRoutes(fastify: FastifyInstance, opts: { sources: HealthSources }) {
  const app = typed(fastify);
  const { database, mailer } = app.services;
  const { sources } = opts;

  app.get(
    '/health',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['health'],
        summary: 'Each part of the server and the engine serving it',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_req, reply) => {
      const dbOk = await database.ping();
      const parts = {
        database: { ok: dbOk, engine: database.engine },
        broker: sources.broker(),
        media: sources.media(),
        storage: sources.storage(),
        mail: { ok: true, engine: mailer.engine },
      };
      // Media features may be missing (no ffmpeg) without the server being unhealthy: that is "degraded".
      const status = dbOk && parts.broker.ok && parts.storage.ok && parts.media.ok ? 'ok' : 'degraded';
      return reply.status(dbOk ? 200 : 503).send({ status, version: sources.version, parts });
    },
  );
}
