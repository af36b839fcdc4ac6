import { z } from 'zod';
import { STREAM_ENDPOINTS } from './limits';

export const healthPartSchema = z.object({
  ok: z.boolean(),
  engine: z.string(),
  message: z.string().optional(),
});
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
    // What this process runs (ROLE) and the ingest regions whose publishes it accepts (INGEST_REGION):
    // none on an API process, every region on a single process without INGEST_REGION.
    process: z.object({
      role: z.enum(['api', 'media', 'all']),
      regions: z.array(z.enum(STREAM_ENDPOINTS)),
    }),
    parts: z.object({
      database: healthPartSchema,
      // browserUrl: where browsers connect ("/mqtt" on the page's own origin for the embedded broker).
      broker: healthPartSchema.extend({ browserUrl: z.string().optional() }),
      media: healthPartSchema.extend({ features: z.record(z.string(), z.boolean()) }),
      storage: healthPartSchema,
      mail: healthPartSchema,
      // Media jobs (probe, thumbnail, render): who can run them, and how many wait.
      jobs: healthPartSchema.extend({ waiting: z.number().int() }),
    }),
    // Several processes on PostgreSQL (issue 29): the running processes, the media processes per ingest
    // region (ffmpeg working), and the regions no media process serves now (their encoders cannot go live).
    cluster: z
      .object({
        processes: z.number().int(),
        mediaProcesses: z.record(z.enum(STREAM_ENDPOINTS), z.number().int()),
        regionsWithoutMedia: z.array(z.enum(STREAM_ENDPOINTS)),
      })
      .optional(),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;

/**
 * Readiness for a load balancer (issue 29): whether this process can do its role's work now. 503 with
 * the reasons while it cannot (database or broker unreachable, ffmpeg not detected yet on a media
 * process, its lock session down, its ingest not running).
 */
export const readinessSchema = z
  .object({
    ready: z.boolean(),
    role: z.enum(['api', 'media', 'all']),
    reasons: z.array(z.string()),
  })
  .meta({ id: 'Readiness' });
export type Readiness = z.infer<typeof readinessSchema>;

/** Liveness: the process answers (its event loop runs). Nothing else is checked. */
export const livenessSchema = z.object({ alive: z.literal(true) }).meta({ id: 'Liveness' });
