import { idParamsSchema, pageOf, pageQuerySchema } from '../common';
import {
  corporationSchema,
  createCorporationBodySchema,
  updateCorporationBodySchema,
  workspaceSortingBodySchema,
} from '../corporations';
import { errorResponseSchema } from '../errors';
import { invitationSchema } from '../invitations';
import {
  hasAccessQuerySchema,
  hasAccessResponseSchema,
  memberSchema,
  setUserPermissionsBodySchema,
} from '../permissions';
import { workspaceSchema } from '../workspaces';
import { corporationRoutes } from './corporations';
import { schemasFor } from './schemas';

const params = idParamsSchema;

export const corporationSchemas = schemasFor(corporationRoutes, {
  list: { query: pageQuerySchema, response: pageOf(corporationSchema) },
  create: { body: createCorporationBodySchema, response: corporationSchema },
  get: { params, response: corporationSchema },
  update: { params, body: updateCorporationBodySchema, response: corporationSchema },
  remove: { params },
  block: { params, response: corporationSchema },
  unblock: { params, response: corporationSchema },
  hasAccess: { params, query: hasAccessQuerySchema, response: hasAccessResponseSchema },
  // 409: the corporation would be left without an administrator.
  setUserPermissions: { params, body: setUserPermissionsBodySchema, responses: { 409: errorResponseSchema } },
  members: { params, query: pageQuerySchema, response: pageOf(memberSchema) },
  setWorkspaceSorting: { params, body: workspaceSortingBodySchema },
  workspaces: { params, query: pageQuerySchema, response: pageOf(workspaceSchema) },
  invitations: { params, query: pageQuerySchema, response: pageOf(invitationSchema) },
});
