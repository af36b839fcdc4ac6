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
  list: { query: workspaceListQuerySchema, response: pageOf(workspaceSchema) },
  create: { body: createWorkspaceBodySchema, response: workspaceSchema },
  get: { params, response: workspaceSchema },
  update: { params, body: updateWorkspaceBodySchema, response: workspaceSchema },
  remove: { params },
  hasAccess: { params, query: hasAccessQuerySchema, response: hasAccessResponseSchema },
  setUserPermissions: { params, body: setUserPermissionsBodySchema },
  members: { params, query: pageQuerySchema, response: pageOf(memberSchema) },
});
