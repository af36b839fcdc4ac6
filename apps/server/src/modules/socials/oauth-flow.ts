import { CodeChallengeMethod, OAuth2Client, OAuth2RequestError, type OAuth2Tokens } from 'arctic';
import type { OauthApp } from './oauth-apps';

/** What we keep of a token answer (sealed in `socials.secret`). */
export interface TokenSet {
  accessToken: string;
  refreshToken: string | null;
  /** ms since the epoch; null: the network did not say. */
  expiresAt: number | null;
  tokenType: string;
}

/**
 * OAuth 2 authorization code with PKCE (S256) through arctic's generic client: every endpoint is an
 * argument, so the configured (or test) authorization server is the only one contacted.
 */
export class OauthFlow {
  private client(app: OauthApp) {
    return new OAuth2Client(app.clientId, app.clientSecret, app.redirectUri);
  }

  authorizationUrl(app: OauthApp, state: string, verifier: string): string {
    const url = this.client(app).createAuthorizationURLWithPKCE(
      app.authorizeUrl,
      state,
      CodeChallengeMethod.S256,
      verifier,
      app.scopes,
    );
    for (const [k, v] of Object.entries(app.extraAuthParams)) url.searchParams.set(k, v);
    return url.toString();
  }

  async exchange(app: OauthApp, code: string, verifier: string) {
    const tokens = await this.client(app).validateAuthorizationCode(app.tokenUrl, code, verifier);
    return { tokens: tokenSetOf(tokens), scopes: grantedScopes(tokens, app.scopes) };
  }

  /** A new access token; a network that rotates refresh tokens sends a new one, else the old stays. */
  async refresh(app: OauthApp, current: TokenSet): Promise<TokenSet> {
    if (!current.refreshToken) throw new OAuth2RequestError('invalid_grant', null, null, null);
    const tokens = tokenSetOf(
      await this.client(app).refreshAccessToken(app.tokenUrl, current.refreshToken, []),
    );
    return { ...tokens, refreshToken: tokens.refreshToken ?? current.refreshToken };
  }

  async revoke(app: OauthApp, token: string): Promise<void> {
    if (!app.revokeUrl) return;
    await this.client(app).revokeToken(app.revokeUrl, token);
  }
}

function tokenSetOf(tokens: OAuth2Tokens): TokenSet {
  const data = tokens.data as Record<string, unknown>;
  return {
    accessToken: tokens.accessToken(),
    refreshToken: tokens.hasRefreshToken() ? tokens.refreshToken() : null,
    expiresAt: typeof data.expires_in === 'number' ? tokens.accessTokenExpiresAt().getTime() : null,
    tokenType: typeof data.token_type === 'string' ? data.token_type : 'Bearer',
  };
}

/** The scopes granted (RFC 6749 5.1: absent means as requested). */
function grantedScopes(tokens: OAuth2Tokens, requested: string[]): string[] {
  return tokens.hasScopes() ? tokens.scopes() : requested;
}
