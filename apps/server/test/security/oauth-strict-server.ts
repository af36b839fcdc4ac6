// A strict OAuth 2 provider for the connect flow's security suite: oauth2-mock-server (real HTTP, signed
// JWTs, JWKS) made to hold every rule a real provider holds and the mock itself does not. A code is used
// once, only with the redirect_uri it was issued for, and only with the PKCE verifier of its S256
// challenge; a token request without a verifier is refused. Everything either side said is recorded.
import { createHash, randomUUID } from 'node:crypto';
import { OAuth2Server } from 'oauth2-mock-server';

export interface AuthorizeRequest {
  code: string;
  clientId: string;
  redirectUri: string;
  state: string;
  challenge: string | undefined;
  method: string | undefined;
  /** Whatever a client must never put in an address: the verifier, the secret. */
  query: Record<string, string>;
}

export interface TokenRequest {
  body: Record<string, string>;
  /** The client's credentials as sent: RFC 6749 2.3.1 basic auth or form fields. */
  authorization: string | undefined;
  /** Why the provider refused it, or null when it issued tokens. */
  refused: string | null;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

export async function startStrictAuthServer(grantedScopes: string[]) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!;
  const authorizations: AuthorizeRequest[] = [];
  const tokenRequests: TokenRequest[] = [];
  /** Every access and refresh token issued, to look for where they must not be. */
  const issued: string[] = [];
  const usedCodes = new Set<string>();
  let nextExpiresIn: number | undefined;

  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomUUID();
  });
  server.service.on('beforeAuthorizeRedirect', ({ url: back }: { url: URL }, req) => {
    const query = (req as unknown as { query: Record<string, string> }).query;
    authorizations.push({
      code: back.searchParams.get('code') ?? '',
      clientId: query.client_id ?? '',
      redirectUri: query.redirect_uri ?? '',
      state: query.state ?? '',
      challenge: query.code_challenge,
      method: query.code_challenge_method,
      query: { ...query },
    });
  });
  server.service.on('beforeResponse', (res: { body: Record<string, unknown>; statusCode: number }, req) => {
    const r = req as unknown as { body: Record<string, string>; headers: Record<string, string> };
    const body = { ...r.body };
    const refuse = (why: string) => {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant', error_description: why };
      return why;
    };
    let refused: string | null = null;
    if (body.grant_type === 'authorization_code') {
      const granted = authorizations.find((a) => a.code === body.code);
      if (!granted) refused = refuse('unknown code');
      else if (usedCodes.has(granted.code)) refused = refuse('code already used');
      else if (body.redirect_uri !== granted.redirectUri) refused = refuse('redirect_uri differs');
      else if (granted.method !== 'S256' || !granted.challenge) refused = refuse('no S256 challenge');
      else if (!body.code_verifier || s256(body.code_verifier) !== granted.challenge)
        refused = refuse('code_verifier does not match');
      if (granted) usedCodes.add(granted.code);
    }
    tokenRequests.push({ body, authorization: r.headers.authorization, refused });
    if (refused) return;
    res.body.scope = grantedScopes.join(' ');
    if (nextExpiresIn !== undefined) res.body.expires_in = nextExpiresIn;
    nextExpiresIn = undefined;
    issued.push(res.body.access_token as string, res.body.refresh_token as string);
  });

  return {
    url,
    authorizations,
    tokenRequests,
    issued,
    /** The next token answer says the access token lives this many seconds (forces a refresh). */
    expireNextIn(seconds: number) {
      nextExpiresIn = seconds;
    },
    stop: () => server.stop(),
  };
}
