import type { ErrorCode } from '../error-codes';
import type { Permission } from '../permissions';

/**
 * The route table (issue 11): every operation of the /v1 API declared once, here. This file is zod-free so
 * the browser can import the table (method, path, access) without the schemas; each resource's schemas
 * live beside it in `<resource>.schemas.ts` and are checked against its table by `schemasFor`.
 * The server registers its routes from the table, the client's functions are made from it, and the
 * access matrix and bad-input tests walk it.
 */

/**
 * Who may call an operation:
 * - `public`: no caller needed (login, player, broker hooks);
 * - `self`: the caller's own things, no id of anyone else's (`/v1/me`, lists filtered to the caller);
 * - `user`: a user's own resource named by id (profile, API keys, sessions): everyone else gets 404;
 * - `platform`: platform administrators only: 403 for everyone else;
 * - `{ scope, need }`: a tenant resource; `workspace` scope needs `need` in the resource's workspace (or
 *   the whole corporation), `corporation` scope needs `need` at corporation level (`read`: any membership
 *   in it, unless `corporationLevel`: then members of single workspaces are refused too).
 */
export type Access =
  | 'public'
  | 'self'
  | 'user'
  | 'platform'
  | { scope: 'workspace' | 'corporation'; need: Permission; corporationLevel?: true };

export const ws = (need: Permission): Access => ({ scope: 'workspace', need });
export const corp = (need: Permission): Access => ({ scope: 'corporation', need });

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Route {
  method: Method;
  /** Below /v1, Fastify style: `/sources/:id`. */
  path: string;
  access: Access;
  /** Success status; 200 unless said. 204 answers without a body. */
  status?: 200 | 201 | 202 | 204;
  /** Content type of a non-JSON answer (an image, a file); its schema then has no `response`. */
  produces?: string;
  /** A request body that is not JSON: such routes are called through the client's `upload`. */
  consumes?: 'multipart/form-data' | 'application/sdp';
  /**
   * What an API key may do here beyond `access` (issue 31). Absent: a key acts within its scope (a scoped
   * key reads the caller's account and never changes it, and never reaches platform routes). `never`:
   * operations on credentials and sessions (password, email, sessions, keys, connecting a social
   * account) need a signed-in person; no API key ever yields a session token. `unscoped`: only a key
   * without a scope (the account's own things outside every corporation, such as checking a social
   * connection with its tokens).
   */
  apiKey?: 'never' | 'unscoped';
}

/**
 * The API-key rule of an operation, decided from the table alone: `allowed`, or why not. `scoped`: the
 * key is bound to a corporation (and maybe a workspace, and read or write); tenant routes are then also
 * capped by its grants, which the access service applies.
 */
export function apiKeyVerdict(route: Route, scoped: boolean): 'allowed' | 'never' | 'outside-scope' {
  if (route.apiKey === 'never') return 'never';
  if (!scoped) return 'allowed';
  if (route.apiKey === 'unscoped') return 'outside-scope';
  if (route.access === 'platform') return 'outside-scope';
  if ((route.access === 'self' || route.access === 'user') && route.method !== 'GET') return 'outside-scope';
  return 'allowed';
}

/** Codes any request can meet before or around its handler: bad input, size and time limits, a crash. */
export const transportCodes = [
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'REQUEST_TIMEOUT',
  'PAYLOAD_TOO_LARGE',
  'HEADERS_TOO_LARGE',
  'UNSUPPORTED_MEDIA',
  'RATE_LIMITED',
  'INTERNAL',
] as const satisfies readonly ErrorCode[];

/** Codes of the authentication layer: no or a bad token, a blocked user, a missing permission. */
const callerCodes = ['UNAUTHENTICATED', 'TOKEN_INVALID', 'USER_BLOCKED', 'FORBIDDEN'] as const;

/** The error codes every operation with this access rule can answer, without declaring them. */
export function commonErrorCodes(access: Access): readonly ErrorCode[] {
  if (access === 'public') return transportCodes;
  // Tenant resources, and the caller's lists filtered by workspace or corporation, belong to a
  // corporation, which may be blocked.
  if (access === 'self' || typeof access !== 'string')
    return [...transportCodes, ...callerCodes, 'CORPORATION_BLOCKED'];
  return [...transportCodes, ...callerCodes];
}

/**
 * Every error code an operation may answer: the common ones of its access rule and its own (`errors` of
 * its schemas: documentation and server checks, which the browser's zod-free table does without).
 */
export const errorCodesOf = (route: Route, own: readonly ErrorCode[] = []): readonly ErrorCode[] => [
  ...new Set([...commonErrorCodes(route.access), ...own]),
];

export type RouteTable = Readonly<Record<string, Route>>;

/** Declares a resource's table; keeps literal methods and paths for the types that read them. */
export const routeTable = <const T extends RouteTable>(table: T): T => table;

/** `/sources/:id` -> `/sources/{id}`, as the OpenAPI document writes paths. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

/** `/sources/:id` with `{ id }` -> `/sources/<id>`, every value URL-encoded. */
export function fillPath(path: string, params: Readonly<Record<string, unknown>> = {}): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '')
      throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Human words for an access rule (OpenAPI descriptions, error pages). */
export function describeAccess(access: Access): string {
  if (typeof access === 'string') {
    return {
      public: 'No authentication',
      self: 'Any signed-in caller (own data)',
      user: 'The user named in the path',
      platform: 'Platform administrators',
    }[access];
  }
  const where = access.scope === 'workspace' ? 'the workspace' : 'the corporation';
  return `${access.need} permission in ${where}${access.corporationLevel ? ' (corporation level)' : ''}`;
}

const API_KEY_NOTE = { never: ' Not with an API key.', unscoped: ' Not with a scoped API key.' } as const;

/** The OpenAPI description of an operation: who may call it, and what an API key may not. */
export const describeRoute = (route: Route) =>
  `Access: ${describeAccess(route.access)}.${route.apiKey ? API_KEY_NOTE[route.apiKey] : ''}`;
