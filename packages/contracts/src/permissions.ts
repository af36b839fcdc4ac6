import { z } from 'zod';
import { permissions } from './values';

export { permissions };

/** Ordered: admin includes write, write includes read. Corporation permissions apply to all its workspaces. */
export const permissionSchema = z.enum(permissions);
export type Permission = z.infer<typeof permissionSchema>;

export const features = [
  'sources',
  'targets',
  'outputs',
  'flowchart',
  'media',
  'editor',
  'clipping',
  'comments',
  'socials',
  'api-keys',
  'usage',
] as const;
export const featureSchema = z.enum(features);
export type Feature = z.infer<typeof featureSchema>;

export const setUserPermissionsBodySchema = z.object({
  userId: z.uuid(),
  /** An empty list removes the membership. */
  permissions: z.array(permissionSchema).max(3),
});
export type SetUserPermissionsBody = z.infer<typeof setUserPermissionsBodySchema>;

export const hasAccessQuerySchema = z.object({ permission: permissionSchema.default('read') });
export const hasAccessResponseSchema = z.object({
  access: z.boolean(),
  permissions: z.array(permissionSchema),
});
export type HasAccessResponse = z.infer<typeof hasAccessResponseSchema>;

export const memberSchema = z.object({
  userId: z.uuid(),
  email: z.string(),
  name: z.string(),
  permissions: z.array(permissionSchema),
  /** Blocked by a platform administrator: refused everywhere until unblocked. */
  blocked: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;
/** One membership in a corporation: at corporation level (`workspaceId` null) or in one of its workspaces. */
export const membershipEntrySchema = memberSchema.extend({ workspaceId: z.uuid().nullable() });
export type MembershipEntry = z.infer<typeof membershipEntrySchema>;
