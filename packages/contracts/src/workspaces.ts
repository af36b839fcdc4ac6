import { z } from 'zod';
import { dateTimeSchema, nameSchema, pageQuerySchema } from './common';
import { permissionSchema } from './permissions';

export const workspaceSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    corporationId: z.uuid(),
    sortIndex: z.number().int(),
    permissions: z.array(permissionSchema),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Workspace' });
export type Workspace = z.infer<typeof workspaceSchema>;

export const workspaceListQuerySchema = pageQuerySchema.extend({ corporationId: z.uuid().optional() });
export type WorkspaceListQuery = z.infer<typeof workspaceListQuerySchema>;
export const createWorkspaceBodySchema = z.object({ corporationId: z.uuid(), name: nameSchema });
export type CreateWorkspaceBody = z.infer<typeof createWorkspaceBodySchema>;
export const updateWorkspaceBodySchema = z.object({ name: nameSchema });
export type UpdateWorkspaceBody = z.infer<typeof updateWorkspaceBodySchema>;
