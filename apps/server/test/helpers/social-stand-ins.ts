import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { FtpSrv } from 'ftp-srv';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import { OAuth2Server } from 'oauth2-mock-server';

/**
 * A real OAuth 2 authorization server on a loopback port (oauth2-mock-server: PKCE S256 checked), made to
 * behave like a provider that remembers its refresh tokens: a refresh with an unknown or revoked one is
 * `invalid_grant`. Every token it issues is kept, so tests can look for them where they must not be.
 */
export async function startAuthServer(grantedScopes: string[]) {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  const url = server.issuer.url!;
  const live = new Set<string>();
  const issued: string[] = [];
  const revoked: string[] = [];
  const grants: string[] = [];
  let nextExpiresIn: number | undefined;
  // Two tokens signed in the same second would otherwise be the same string.
  server.service.on('beforeTokenSigning', (token: { payload: Record<string, unknown> }) => {
    token.payload.jti = randomUUID();
  });
  server.service.on('beforeResponse', (res: { body: Record<string, unknown>; statusCode: number }, req) => {
    const body = (req as unknown as { body: Record<string, string> }).body;
    grants.push(body.grant_type!);
    if (body.grant_type === 'refresh_token' && !live.has(body.refresh_token!)) {
      res.statusCode = 400;
      res.body = { error: 'invalid_grant', error_description: 'refresh token revoked' };
      return;
    }
    res.body.scope = grantedScopes.join(' ');
    if (nextExpiresIn !== undefined) res.body.expires_in = nextExpiresIn;
    nextExpiresIn = undefined;
    live.add(res.body.refresh_token as string);
    issued.push(res.body.access_token as string, res.body.refresh_token as string);
  });
  // The mock answers /revoke without parsing its form body: read it here.
  server.service.on('beforeRevoke', (_res, req: NodeJS.ReadableStream) => {
    let raw = '';
    req.on('data', (chunk) => {
      raw += String(chunk);
    });
    req.on('end', () => {
      const token = new URLSearchParams(raw).get('token') ?? '';
      revoked.push(token);
      live.delete(token);
    });
  });
  return {
    url,
    issued,
    revoked,
    grants,
    /** The next token answer says the access token lives this many seconds. */
    expireNextIn(seconds: number) {
      nextExpiresIn = seconds;
    },
    stop: () => server.stop(),
  };
}

/**
 * The smallest stand-in of YouTube's "who am I" (`channels?mine=true`): answers only a bearer token the
 * authorization server signed (checked against its JWKS) and not marked revoked here.
 */
export async function startYoutubeStandIn(issuerUrl: string) {
  const jwks = createRemoteJWKSet(new URL(`${issuerUrl}/jwks`));
  const revokedTokens = new Set<string>();
  const app = Fastify();
  app.get('/youtube/v3/channels', async (req, reply) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? '';
    try {
      const { payload } = await jwtVerify(token, jwks, { issuer: issuerUrl });
      if (revokedTokens.has(token)) throw new Error('revoked');
      return {
        items: [
          {
            id: `UC-${payload.sub}`,
            snippet: {
              title: 'Stand-in Channel',
              thumbnails: { default: { url: 'https://yt3.example.test/avatar.png' } },
            },
          },
        ],
      };
    } catch {
      return reply.status(401).send({ error: { code: 401, message: 'Invalid Credentials' } });
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    /** The network stops accepting this access token (revoked in the provider's UI). */
    revoke: (token: string) => revokedTokens.add(token),
    stop: () => app.close(),
  };
}

/** A real FTP server (ftp-srv) on a loopback port, one user, passive mode on loopback. */
export async function startFtpServer(user: string, initialPassword: string) {
  let password = initialPassword;
  const root = mkdtempSync(join(tmpdir(), 'sw-ftp-'));
  const srv = new FtpSrv({
    url: 'ftp://127.0.0.1:0',
    pasv_url: '127.0.0.1',
    pasv_min: 40000,
    pasv_max: 40999,
    anonymous: false,
    greeting: 'stand-in',
    log: {
      info() {},
      debug() {},
      trace() {},
      warn() {},
      error() {},
      child() {
        return this;
      },
    } as never,
  });
  srv.on('login', ({ username, password: given }, resolve, reject) => {
    if (username === user && given === password) resolve({ root });
    else reject(new Error('Invalid credentials'));
  });
  await srv.listen();
  const port = (srv as unknown as { server: { address(): { port: number } } }).server.address().port;
  return {
    host: '127.0.0.1',
    port,
    /** The folder the user's files land in. */
    root,
    /** The account's password changes on the server (a connection saved before no longer logs in). */
    setPassword(next: string) {
      password = next;
    },
    stop: async () => {
      await srv.close();
      rmSync(root, { recursive: true, force: true });
    },
  };
}
