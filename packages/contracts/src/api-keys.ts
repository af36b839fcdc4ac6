import { z } from 'zod';
import { dateTimeSchema, nameSchema } from './common';

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    /** First characters of the key, so a user can tell keys apart; the key itself is never shown again. */
    prefix: z.string(),
    invalidated: z.boolean(),
    lastUsedAt: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const createApiKeyBodySchema = z.object({ name: nameSchema });
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
