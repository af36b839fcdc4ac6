import type { SocialProblem, SocialStatus } from '@stromwerk/contracts/socials';
import { ArcticFetchError, OAuth2RequestError } from 'arctic';
import type { OauthApp } from './oauth-apps';
import type { OauthFlow, TokenSet } from './oauth-flow';
import { apiGetter, PlatformHttpError } from './platform-api';
import { problem } from './problems';
import type { SocialSecret } from './social-secret';
import type { SocialRow } from './socials.repository';
import type { SocialsService } from './socials.service';

/** Refresh this long before the access token runs out. */
const REFRESH_MARGIN_MS = 60_000;
/** Without a refresh token, a connection this close to its end is "expiring". */
const EXPIRING_MS = 24 * 3600_000;

/**
 * A usable access token: refreshed (and the new tokens sealed and saved) when it is about to run out.
 * Throws arctic's OAuth2RequestError when the network refuses the refresh.
 */
export async function freshTokens(
  socials: SocialsService,
  flow: OauthFlow,
  app: OauthApp,
  row: SocialRow,
  tokens: TokenSet,
): Promise<TokenSet> {
  if (tokens.expiresAt === null || tokens.expiresAt - REFRESH_MARGIN_MS > Date.now()) return tokens;
  if (!tokens.refreshToken) throw new OAuth2RequestError('invalid_grant', 'expired', null, null);
  const next = await flow.refresh(app, tokens);
  await socials.repo.update(row.id, {
    secret: socials.seal(row.id, { kind: 'oauth', tokens: next }),
    expiresAt: next.expiresAt === null ? null : new Date(next.expiresAt),
    hasRefreshToken: next.refreshToken !== null,
  });
  return next;
}

/** `check` of an OAuth connection: the app, the token (refreshed if due), the account, the scopes. */
export async function checkOauth(
  socials: SocialsService,
  flow: OauthFlow,
  row: SocialRow,
  secret: Extract<SocialSecret, { kind: 'oauth' }>,
): Promise<{ problems: SocialProblem[]; status: SocialStatus; changes: Partial<SocialRow> }> {
  const fail = (p: SocialProblem, status: SocialStatus) => ({ problems: [p], status, changes: {} });
  const app = await socials.apps.app(row.network as OauthApp['network']);
  if (!app) return fail(problem('APP_NOT_CONFIGURED'), 'error');
  let tokens: TokenSet;
  try {
    tokens = await freshTokens(socials, flow, app, row, secret.tokens);
  } catch (e) {
    if (e instanceof OAuth2RequestError)
      return fail(problem(secret.tokens.refreshToken ? 'TOKEN_REVOKED' : 'TOKEN_EXPIRED'), 'reauth-required');
    return fail(problem(e instanceof ArcticFetchError ? 'PLATFORM_UNREACHABLE' : 'PLATFORM_ERROR'), 'error');
  }
  let changes: Partial<SocialRow> = {};
  try {
    const account = await app.account(apiGetter(app, tokens.accessToken));
    changes = { externalName: account.name, avatarUrl: account.avatarUrl };
  } catch (e) {
    if (e instanceof PlatformHttpError && e.status === 401)
      return fail(problem('TOKEN_REVOKED'), 'reauth-required');
    if (e instanceof PlatformHttpError && e.status === 403)
      return fail(problem('SCOPE_MISSING'), 'restricted');
    return fail(problem(e instanceof PlatformHttpError ? 'PLATFORM_ERROR' : 'PLATFORM_UNREACHABLE'), 'error');
  }
  const missing = app.scopes.filter((s) => !row.scopes.includes(s));
  if (missing.length > 0)
    return {
      problems: [
        {
          ...problem('SCOPE_MISSING'),
          message: `${problem('SCOPE_MISSING').message} Missing: ${missing.join(', ')}`,
        },
      ],
      status: 'restricted',
      changes,
    };
  const expiring =
    tokens.refreshToken === null && tokens.expiresAt !== null && tokens.expiresAt - Date.now() < EXPIRING_MS;
  return { problems: [], status: expiring ? 'expiring' : 'connected', changes };
}
