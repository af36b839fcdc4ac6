import { z } from 'zod';

export const healthPartSchema = z.object({
  ok: z.boolean(),
  engine: z.string(),
  message: z.string().optional(),
});
export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    version: z.string(),
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
