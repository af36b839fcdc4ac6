import { z } from 'zod';
import { dateTimeSchema, pageQuerySchema } from './common';
import { permissionSchema } from './permissions';
import { emailSchema } from './users';
import { invitationStatuses } from './values';

export { invitationStatuses };

/** One more workspace an invitation grants, at its own level. */
export const workspaceGrantSchema = z.object({ workspaceId: z.uuid(), permission: permissionSchema });
export type WorkspaceGrant = z.infer<typeof workspaceGrantSchema>;

export const invitationSchema = z
  .object({
    id: z.uuid(),
    corporationId: z.uuid(),
    corporationName: z.string(),
    workspaceId: z.uuid().nullable(),
    email: z.string(),
    permissions: z.array(permissionSchema),
    /** Further workspaces granted on acceptance, beyond `workspaceId` (or the corporation) and `permissions`. */
    workspaces: z.array(workspaceGrantSchema),
    status: z.enum(invitationStatuses),
    invitedBy: z.uuid().nullable(),
    expiry: dateTimeSchema,
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof invitationSchema>;

/** The code is returned once, on creation, and mailed to the invitee. */
export const createdInvitationSchema = invitationSchema.extend({ code: z.string() });
export type CreatedInvitation = z.infer<typeof createdInvitationSchema>;

export const createInvitationBodySchema = z.object({
  corporationId: z.uuid(),
  workspaceId: z.uuid().optional(),
  email: emailSchema,
  permissions: z.array(permissionSchema).min(1, 'Selection required').max(3),
  /** Further workspaces of the corporation, each at its own level. */
  workspaces: z.array(workspaceGrantSchema).max(100).optional(),
});
export type CreateInvitationBody = z.infer<typeof createInvitationBodySchema>;
export const updateInvitationBodySchema = z.object({ permissions: z.array(permissionSchema).min(1).max(3) });
export const respondInvitationSchema = z.object({
  accept: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
  /** The code from the mailed link: accepts for an account whose email is not (yet) the verified invitee's. */
  code: z.string().trim().min(10).max(200).optional(),
});
export const invitationListQuerySchema = pageQuerySchema.extend({
  /** `mine`: invitations addressed to the caller's email. */
  scope: z.enum(['mine', 'sent']).default('mine'),
});
