import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  hasAccessQuerySchema,
  hasAccessResponseSchema,
  memberSchema,
  setUserPermissionsBodySchema,
} from '../permissions';
import {
  createWorkspaceBodySchema,
  updateWorkspaceBodySchema,
  workspaceListQuerySchema,
  workspaceSchema,
} from '../workspaces';
import { schemasFor } from './schemas';
import { workspaceRoutes } from './workspaces';

const params = idParamsSchema;

export const workspaceSchemas = schemasFor(workspaceRoutes, {
  list: {
    summary: 'Every workspace the caller may see',
    query: workspaceListQuerySchema,
    response: pageOf(workspaceSchema),
  },
  create: {
    errors: ['QUOTA_EXCEEDED'],
    summary: 'Create a workspace in a corporation',
    body: createWorkspaceBodySchema,
    response: workspaceSchema,
  },
  get: { summary: 'One workspace', params, response: workspaceSchema },
  update: {
    summary: 'Rename a workspace',
    params,
    body: updateWorkspaceBodySchema,
    response: workspaceSchema,
  },
  remove: { summary: 'Delete a workspace with everything in it', params },
  hasAccess: {
    summary: 'Whether the caller holds a permission in the workspace',
    params,
    query: hasAccessQuerySchema,
    response: hasAccessResponseSchema,
  },
  setUserPermissions: {
    summary: "Set a member's permissions in the workspace",
    params,
    body: setUserPermissionsBodySchema,
  },
  members: {
    summary: 'Members of the workspace with their permissions',
    params,
    query: pageQuerySchema,
    response: pageOf(memberSchema),
  },
});
