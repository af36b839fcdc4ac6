import { z } from 'zod';
import { dateTimeSchema, nameSchema } from './common';

/** What a key may reach: one corporation, or one workspace of it, to read or to write. */
export const apiKeyScopeSchema = z.object({
  corporationId: z.uuid(),
  workspaceId: z.uuid().nullable().default(null),
  permission: z.enum(['read', 'write']),
});
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

export const apiKeySchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    /** First characters of the key, so a user can tell keys apart; the key itself is never shown again. */
    prefix: z.string(),
    invalidated: z.boolean(),
    lastUsedAt: dateTimeSchema.nullable(),
    /** After this the key is refused; null: it never expires. */
    expiresAt: dateTimeSchema.nullable(),
    /** Null: the key acts with all of its user's permissions (never platform administration when scoped). */
    scope: apiKeyScopeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'ApiKey' });
export type ApiKey = z.infer<typeof apiKeySchema>;
/** Who holds a key, in the list of every key that platform administrators see. */
export const apiKeyOwnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  blocked: z.boolean(),
});
/** A key in `GET /v1/api-keys`: with its owner (the caller's own keys, or every key for administrators). */
export const listedApiKeySchema = apiKeySchema
  .extend({ owner: apiKeyOwnerSchema })
  .meta({ id: 'ListedApiKey' });
export type ListedApiKey = z.infer<typeof listedApiKeySchema>;
export const createdApiKeySchema = apiKeySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;
export const createApiKeyBodySchema = z.object({
  name: nameSchema,
  /** Must lie in the future; absent or null: the key never expires. */
  expiresAt: dateTimeSchema.refine((v) => Date.parse(v) > Date.now(), 'Must be in the future').nullish(),
  scope: apiKeyScopeSchema.nullish(),
});
export type CreateApiKeyBody = z.infer<typeof createApiKeyBodySchema>;
