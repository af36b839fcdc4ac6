import { healthRoutes as table } from '@stromwerk/contracts/api/health';
import { healthSchemas } from '@stromwerk/contracts/api/health.schemas';
import type { Health } from '@stromwerk/contracts/health';
import type { FastifyInstance } from 'fastify';
import { registerTable } from '../../lib/table-routes';

export interface HealthSources {
  version: string;
  process: Health['process'];
  broker: () => { ok: boolean; engine: string; message?: string; browserUrl?: string };
  media: () => { ok: boolean; engine: string; message?: string; features: Record<string, boolean> };
  storage: () => { ok: boolean; engine: string; message?: string };
}

export async function healthRoutes(app: FastifyInstance, opts: { sources: HealthSources }) {
  const { database, mailer } = app.services;
  const { sources } = opts;

  registerTable(app, table, healthSchemas, ['health'], {
    get: async (_req, reply) => {
      const dbOk = await database.ping();
      const parts = {
        database: { ok: dbOk, engine: database.engine },
        broker: sources.broker(),
        media: sources.media(),
        storage: sources.storage(),
        mail: { ok: true, engine: mailer.engine },
      };
      // Media features may be missing (no ffmpeg) without the server being unhealthy: that is "degraded".
      const status =
        dbOk && parts.broker.ok && parts.storage.ok && parts.media.ok
          ? ('ok' as const)
          : ('degraded' as const);
      if (!dbOk) reply.status(503);
      return { status, version: sources.version, process: sources.process, parts };
    },
  });
}
