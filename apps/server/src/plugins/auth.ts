import { apiKeyVerdict, type Route } from '@stromwerk/contracts/api/route';
import type { ApiKeyScope } from '@stromwerk/contracts/api-keys';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { users } from '../db/schema/identity';
import { AppError } from '../lib/app-error';
import type { Grant } from '../modules/access/access.repository';
import type { ApiKeysService } from '../modules/api-keys/api-keys.service';
import type { SessionsService } from '../modules/sessions/sessions.service';

export type UserRow = typeof users.$inferSelect;
export interface Actor {
  user: UserRow;
  via: 'session' | 'api-key';
  /** The login session of a bearer token (absent for API keys). */
  sessionId?: string;
  apiKeyId?: string;
  /** A scoped API key's scope: lists show nothing outside it (access decisions use the capped grants). */
  scope?: ApiKeyScope | null;
  /**
   * The caller's memberships, read with the session or API key in the same statement (or taken from the
   * identity cache with it); AccessService reads them when absent.
   */
  grants?: Grant[];
}

/**
 * `public`: no caller needed; `user`: any signed-in caller (the default); `admin`: platform admins only;
 * `none`: public and the caller is not even looked up (no database work: the OpenAPI document).
 */
export type RouteAuth = 'public' | 'user' | 'admin' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /** The route table's declaration of the operation (lib/table-routes.ts). */
    tableRoute?: Route;
  }
}

const unauthenticated = () =>
  new AppError(
    'UNAUTHENTICATED',
    'Authentication required: send Authorization: Bearer <token> or Token <key>',
  );

/**
 * Resolves the caller on every request. Routes are private unless they say `auth: 'public'`, so a route
 * that forgets to declare access is closed, not open.
 */
export function registerAuth(app: FastifyInstance, sessions: SessionsService, keys: ApiKeysService): void {
  app.decorateRequest('actor', null);
  // Written with `done`: a caller the identity cache decides (and a request without credentials) takes no
  // promise and no closure (issue 32).
  app.addHook('onRequest', (request, _reply, done) => {
    const config = request.routeOptions.config;
    const mode = config?.auth ?? 'user';
    if (mode === 'none') return done();
    let found: Actor | null | undefined;
    try {
      found = cachedActor(request, sessions);
    } catch (err) {
      return admit(request, mode, config?.tableRoute, null, err, done);
    }
    if (found !== undefined) return admit(request, mode, config?.tableRoute, found, undefined, done);
    resolveActor(request, keys, sessions).then(
      (actor) => admit(request, mode, config?.tableRoute, actor, undefined, done),
      (err: unknown) => admit(request, mode, config?.tableRoute, null, err, done),
    );
  });
}

/** The caller found (or the failure to find one) let through or refused as the route's `auth` says. */
function admit(
  request: FastifyRequest,
  mode: Exclude<RouteAuth, 'none'>,
  route: Route | undefined,
  actor: Actor | null,
  failure: unknown,
  done: (err?: Error) => void,
) {
  // A stale session must not stop someone at the login or reset page: public routes ignore a bad header.
  if (failure !== undefined && mode !== 'public') return done(failure as Error);
  request.actor = failure === undefined ? actor : null;
  if (mode === 'public') return done();
  if (!actor) return done(unauthenticated());
  if (mode === 'admin' && !actor.user.isAdmin) {
    return done(new AppError('FORBIDDEN', 'Only platform administrators may do this'));
  }
  try {
    assertApiKeyMay(route, actor);
  } catch (err) {
    return done(err as Error);
  }
  done();
}

/**
 * An API key acts only within its scope (issue 31), decided from the route table before anything else
 * runs (rate limits included): never on credentials and sessions (no key ever yields a session token),
 * and a scoped key reads the caller's account but does not change it, and never reaches platform routes.
 * Tenant routes are capped further by the key's grants in the access service.
 */
function assertApiKeyMay(route: Route | undefined, actor: Actor) {
  if (actor.via !== 'api-key' || !route) return;
  const verdict = apiKeyVerdict(route, !!actor.scope);
  if (verdict === 'never')
    throw new AppError('FORBIDDEN', 'Not with an API key: sign in to change credentials or sessions');
  if (verdict === 'outside-scope')
    throw new AppError(
      'FORBIDDEN',
      'Outside the scope of this API key: a scoped key reads your account and acts in its corporation only',
    );
}

/**
 * The caller as far as it is known without a promise: null without credentials, the actor of a bearer
 * token the identity cache decides; undefined when the database must be asked.
 */
function cachedActor(request: FastifyRequest, sessions: SessionsService): Actor | null | undefined {
  const header = request.headers.authorization;
  if (!header) return null;
  if (!header.startsWith('Bearer ')) return undefined;
  // The token as resolveActor reads it: up to the next space.
  const end = header.indexOf(' ', 7);
  const token = end < 0 ? header.slice(7) : header.slice(7, end);
  if (!token) return undefined;
  const found = sessions.resolveCached(token);
  if (found === undefined) return undefined;
  return sessionActor(found);
}

async function resolveActor(
  request: FastifyRequest,
  keys: ApiKeysService,
  sessions: SessionsService,
): Promise<Actor | null> {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, value] = header.split(' ', 2);
  if (!value) throw new AppError('TOKEN_INVALID', 'Malformed Authorization header');
  if (scheme === 'Bearer') {
    // One indexed lookup (the session by id, joined with its user and memberships) or a cache hit.
    return sessionActor(await sessions.resolve(value));
  }
  if (scheme === 'Token') {
    const row = await keys.resolve(value);
    if (!row) throw new AppError('TOKEN_INVALID', 'API key unknown or invalidated');
    return checkBlocked({
      user: row.user,
      via: 'api-key',
      apiKeyId: row.key.id,
      scope: row.key.scope ?? null,
      grants: row.grants,
    });
  }
  throw new AppError('TOKEN_INVALID', 'Unsupported Authorization scheme: use Bearer or Token');
}

type ResolvedSession = NonNullable<ReturnType<SessionsService['resolveCached']>>;

/** The actor of a live session; TOKEN_INVALID when the token was not one. */
function sessionActor(found: ResolvedSession | null): Actor {
  if (!found) throw new AppError('TOKEN_INVALID', 'Session expired or invalid, please log in again');
  return checkBlocked({
    user: found.user,
    via: 'session',
    sessionId: found.session.id,
    grants: found.grants,
  });
}

function checkBlocked(actor: Actor): Actor {
  if (actor.user.blocked) throw new AppError('USER_BLOCKED', 'This user account is blocked');
  return actor;
}
