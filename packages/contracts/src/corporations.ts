import { z } from 'zod';
import { dateTimeSchema, nameSchema } from './common';
import { featureSchema, permissionSchema } from './permissions';

export const corporationSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    blocked: z.boolean(),
    features: z.array(featureSchema),
    /** What the caller may do here; absent for platform admins looking from outside. */
    permissions: z.array(permissionSchema),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Corporation' });
export type Corporation = z.infer<typeof corporationSchema>;

export const createCorporationBodySchema = z.object({ name: nameSchema });
export type CreateCorporationBody = z.infer<typeof createCorporationBodySchema>;
export const updateCorporationBodySchema = z
  .object({ name: nameSchema, features: z.array(featureSchema).max(32) })
  .partial();
export type UpdateCorporationBody = z.infer<typeof updateCorporationBodySchema>;

export const workspaceSortingBodySchema = z.object({ workspaceIds: z.array(z.uuid()).min(1).max(1000) });
export type WorkspaceSortingBody = z.infer<typeof workspaceSortingBodySchema>;
