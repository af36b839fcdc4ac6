import type { Access } from '@stromwerk/contracts/api/route';
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
  'GET /v1/broker/credentials': 'self',
  // Called by an external MQTT broker with the client's credentials, not by a signed-in user.
  'POST /v1/broker/auth': 'public',
  'POST /v1/broker/acl': 'public',
};

/** Table operations first: their access is declared once, in packages/contracts/src/api. */
export const ACCESS: Record<string, Rule> = { ...tableAccess(), ...NOT_IN_TABLE };
