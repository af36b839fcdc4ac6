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
    }),
  })
  .meta({ id: 'Health' });
export type Health = z.infer<typeof healthSchema>;
