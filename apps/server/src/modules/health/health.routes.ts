import { healthRoutes as table } from '@stromwerk/contracts/api/health';
import { healthSchemas } from '@stromwerk/contracts/api/health.schemas';
import type { Health } from '@stromwerk/contracts/health';
import type { FastifyInstance } from 'fastify';
import { registerTable } from '../../lib/table-routes';
import type { ClusterStatus } from './cluster-status';
import { type ReadinessFacts, readiness } from './readiness';

export interface HealthSources {
  version: string;
  process: Health['process'];
  broker: () => { ok: boolean; engine: string; message?: string; browserUrl?: string };
  media: () => { ok: boolean; engine: string; message?: string; features: Record<string, boolean> };
  storage: () => { ok: boolean; engine: string; message?: string };
  /** The processes on the database and the jobs waiting for them. */
  cluster: () => Promise<ClusterStatus>;
  /** The facts of readiness other than the database's (asked at each request). */
  readiness: () => Omit<ReadinessFacts, 'database'>;
}

/**
 * Health for people and monitoring (`/health`: every part and its engine; the cluster's media processes
 * and waiting jobs), readiness for load balancers (`/health/ready`: 503 with reasons) and liveness
 * (`/health/live`: the process answers). docs/operations.md gives the contract.
 */
export async function healthRoutes(app: FastifyInstance, opts: { sources: HealthSources }) {
  const { database, mailer } = app.services;
  const { sources } = opts;

  registerTable(app, table, healthSchemas, ['health'], {
    get: async (_req, reply) => {
      const dbOk = await database.ping();
      const cluster = dbOk ? await sources.cluster().catch(() => undefined) : undefined;
      const parts = {
        database: { ok: dbOk, engine: database.engine },
        broker: sources.broker(),
        media: sources.media(),
        storage: sources.storage(),
        mail: { ok: true, engine: mailer.engine },
        jobs: cluster?.jobs ?? {
          ok: false,
          engine: 'unknown',
          message: 'the database is unreachable',
          waiting: 0,
        },
      };
      // Media features may be missing (no ffmpeg) without the server being unhealthy: that is "degraded".
      const status =
        dbOk && parts.broker.ok && parts.storage.ok && parts.media.ok && parts.jobs.ok
          ? ('ok' as const)
          : ('degraded' as const);
      if (!dbOk) reply.status(503);
      const { jobs: _jobs, ...processes } = cluster ?? {};
      return {
        status,
        version: sources.version,
        process: sources.process,
        parts,
        ...(database.listen && cluster ? { cluster: processes as Required<Health>['cluster'] } : {}),
      };
    },
    ready: async (_req, reply) => {
      const answer = readiness({ ...sources.readiness(), database: await database.ping() });
      if (!answer.ready) reply.status(503);
      return answer;
    },
    live: async () => ({ alive: true as const }),
  });
}
