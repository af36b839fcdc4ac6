import { type Access, corp, ws } from '@stromwerk/contracts/api/route';
import { tableAccess } from '@stromwerk/contracts/api/tables';

/**
 * The access every operation of docs/openapi.json requires, keyed `METHOD /path` as the document writes
 * it. The generated matrix fails for an operation missing here, so a new route must be declared. The
 * rules are explained on `Access` in packages/contracts/src/api/route.ts.
 */
export type Rule = Access;

/** Operations not yet in the route table of packages/contracts (issue 11 moves them there). */
const NOT_IN_TABLE: Record<string, Rule> = {
  // Multipart upload: registered by hand (the table describes JSON bodies only).
  'POST /v1/users/{id}/avatar': 'user',
  'GET /v1/corporations': 'self',
  'POST /v1/corporations': 'self',
  'GET /v1/corporations/{id}': corp('read'),
  'PUT /v1/corporations/{id}': corp('admin'),
  'DELETE /v1/corporation/{id}': corp('admin'),
  'PUT /v1/corporations/{id}/block': 'platform',
  'PUT /v1/corporations/{id}/unblock': 'platform',
  'GET /v1/corporations/{id}/has-access': corp('read'),
  'PUT /v1/corporations/{id}/set-user-permissions': corp('admin'),
  // Members of single workspaces see their workspace's members, not everyone's email in the corporation.
  'GET /v1/corporations/{id}/members': { scope: 'corporation', need: 'read', corporationLevel: true },
  'PUT /v1/corporations/{id}/set-workspace-sorting': corp('write'),
  'GET /v1/corporations/{id}/workspaces': corp('read'),
  'GET /v1/corporations/{id}/invitations': corp('admin'),
  'GET /v1/workspaces': 'self',
  'POST /v1/workspaces': corp('write'),
  'GET /v1/workspaces/{id}': ws('read'),
  'PUT /v1/workspaces/{id}': ws('write'),
  'DELETE /v1/workspaces/{id}': corp('admin'),
  'GET /v1/workspaces/{id}/has-access': ws('read'),
  'PUT /v1/workspaces/{id}/set-user-permissions': ws('admin'),
  'GET /v1/workspaces/{id}/members': ws('read'),
  'GET /v1/invitations': 'self',
  'POST /v1/invitations': corp('admin'),
  'GET /v1/invitations/by-code/{code}': 'public',
  'GET /v1/invitations/{id}': corp('admin'),
  'PUT /v1/invitations/{id}': corp('admin'),
  'DELETE /v1/invitations/{id}': corp('admin'),
  // Only the invitee answers an invitation: for anyone else it does not exist.
  'PUT /v1/invitations/{id}/respond': 'user',
  'GET /v1/corporations/{id}/quota': { scope: 'corporation', need: 'read', corporationLevel: true },
  'PUT /v1/corporations/{id}/quota': 'platform',
  'GET /v1/corporations/{id}/usage': corp('admin'),
  'GET /v1/corporations/{id}/usage/lastReport': corp('admin'),
  'GET /v1/workspaces/{id}/usage': ws('read'),
  'GET /v1/workspaces/{id}/usage/lastReport': ws('read'),
  'POST /v1/usage': corp('admin'),
  'GET /v1/notifications': 'self',
  'GET /v1/notifications/{id}': 'user',
  'DELETE /v1/notifications/{id}': 'user',
  'GET /v1/corporations/{id}/notifications': corp('read'),
  'GET /v1/broker/credentials': 'self',
  // Called by an external MQTT broker with the client's credentials, not by a signed-in user.
  'POST /v1/broker/auth': 'public',
  'POST /v1/broker/acl': 'public',
};

/** Table operations first: their access is declared once, in packages/contracts/src/api. */
export const ACCESS: Record<string, Rule> = { ...tableAccess(), ...NOT_IN_TABLE };
