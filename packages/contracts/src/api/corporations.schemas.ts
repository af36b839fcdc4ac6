import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  corporationSchema,
  createCorporationBodySchema,
  updateCorporationBodySchema,
  workspaceSortingBodySchema,
} from '../corporations';
import { invitationSchema } from '../invitations';
import {
  hasAccessQuerySchema,
  hasAccessResponseSchema,
  memberSchema,
  membershipEntrySchema,
  setUserPermissionsBodySchema,
} from '../permissions';
import { workspaceSchema } from '../workspaces';
import { corporationRoutes } from './corporations';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const corporationSchemas = schemasFor(corporationRoutes, {
  list: {
    summary: 'Corporations the caller belongs to',
    query: pageQuerySchema,
    response: pageOf(corporationSchema),
  },
  create: {
    summary: 'Create a corporation; the caller becomes its administrator',
    body: createCorporationBodySchema,
    response: corporationSchema,
  },
  get: { summary: 'One corporation', params, response: corporationSchema },
  update: {
    summary: 'Change a corporation',
    params,
    body: updateCorporationBodySchema,
    response: corporationSchema,
  },
  remove: { summary: 'Delete a corporation with all its workspaces', params },
  block: { summary: 'Block a corporation (platform administrators)', params, response: corporationSchema },
  unblock: {
    summary: 'Unblock a corporation (platform administrators)',
    params,
    response: corporationSchema,
  },
  hasAccess: {
    summary: 'Whether the caller holds a permission in the corporation',
    params,
    query: hasAccessQuerySchema,
    response: hasAccessResponseSchema,
  },
  setUserPermissions: {
    errors: ['CONFLICT'],
    summary: "Set a member's corporation-level permissions; 409 for the last administrator",
    params,
    body: setUserPermissionsBodySchema,
  },
  members: {
    summary: 'Members of the corporation with their permissions',
    params,
    query: pageQuerySchema,
    response: pageOf(memberSchema),
  },
  memberships: {
    summary:
      'Every membership in the corporation and its workspaces (`workspaceId` null: corporation level), by email',
    params,
    query: pageQuerySchema,
    response: pageOf(membershipEntrySchema),
  },
  setWorkspaceSorting: {
    summary: 'Order the workspaces of the corporation',
    params,
    body: workspaceSortingBodySchema,
  },
  workspaces: {
    summary: 'Workspaces of the corporation the caller may see',
    params,
    query: pageQuerySchema,
    response: pageOf(workspaceSchema),
  },
  invitations: {
    summary: 'Invitations sent for the corporation',
    params,
    query: pageQuerySchema,
    response: pageOf(invitationSchema),
  },
});
