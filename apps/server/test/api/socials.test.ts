import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SecretBox } from '../../src/lib/secret-box';
import { checkFtp } from '../../src/modules/socials/ftp-check';
import { assertSecretsReadable } from '../../src/modules/socials/social-secrets';
import { ConfigError } from '../../src/plugins/config';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { startAuthServer, startFtpServer, startYoutubeStandIn } from '../helpers/social-stand-ins';
import { call, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

const SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.upload'];
const FTP_PASSWORD = 'ftp-secret-Pa55';
let ctx: TestContext;
let auth: Awaited<ReturnType<typeof startAuthServer>>;
let youtube: Awaited<ReturnType<typeof startYoutubeStandIn>>;
let ftp: Awaited<ReturnType<typeof startFtpServer>>;
const logs: string[] = [];

beforeAll(async () => {
  auth = await startAuthServer(SCOPES);
  youtube = await startYoutubeStandIn(auth.url);
  ftp = await startFtpServer('deploy', FTP_PASSWORD);
  const stream = new Writable({
    write(chunk, _enc, done) {
      logs.push(String(chunk));
      done();
    },
  });
  ctx = await createTestApp(
    {
      SOCIAL_YOUTUBE_CLIENT_ID: 'stromwerk-test',
      SOCIAL_YOUTUBE_CLIENT_SECRET: 'client-secret-xyz',
      SOCIAL_YOUTUBE_AUTHORIZE_URL: `${auth.url}/authorize`,
      SOCIAL_YOUTUBE_TOKEN_URL: `${auth.url}/token`,
      SOCIAL_YOUTUBE_REVOKE_URL: `${auth.url}/revoke`,
      SOCIAL_YOUTUBE_API_URL: youtube.url,
      // The FTP stand-in listens on loopback.
      TARGET_ALLOW_PRIVATE: 'true',
    },
    { logger: { level: 'trace', stream } },
  );
});
afterAll(async () => {
  await ctx?.close();
  await Promise.all([auth?.stop(), youtube?.stop(), ftp?.stop()]);
});

/** Starts a connection as `token`; returns the provider's address and the browser's binding cookie. */
async function start(token: string) {
  const res = await op(ctx.app, 'socials.connect', { token, params: { network: 'youtube' } });
  expect(res.status).toBe(200);
  const cookie = String(res.headers['set-cookie']).split(';')[0]!;
  expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Lax/);
  return { authorizeUrl: new URL(res.body.authorizeUrl), cookie };
}

/** The user consents at the authorization server: the callback address it sends the browser to. */
async function consent(authorizeUrl: URL) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  expect(`${back.origin}${back.pathname}`).toBe('http://stromwerk.test/v1/connect-social/youtube/callback');
  return `${back.pathname}${back.search}`;
}

async function callback(path: string, cookie?: string) {
  const res = await ctx.app.inject({ method: 'GET', url: path, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

async function connect(token: string) {
  const { authorizeUrl, cookie } = await start(token);
  const location = await callback(await consent(authorizeUrl), cookie);
  const id = location.match(/connected=([0-9a-f-]{36})$/)?.[1];
  expect(id, location).toBeDefined();
  return id!;
}

describe(`Social connections (${testDbEngine()})`, () => {
  it('lists what each network offers: OAuth only where an app is configured, with the redirect to paste', async () => {
    const res = await op(ctx.app, 'socials.networks', { token: ctx.owner.token });
    const by = Object.fromEntries(res.body.items.map((n) => [n.network, n]));
    expect(by.youtube).toMatchObject({ oauthConfigured: true, methods: ['oauth', 'stream-key'] });
    expect(by.youtube!.redirectUri).toBe('http://stromwerk.test/v1/connect-social/youtube/callback');
    expect(by.facebook).toMatchObject({ oauthConfigured: false, methods: ['stream-key'] });
    expect(by.facebook!.note).toMatch(/SOCIAL_FACEBOOK_CLIENT_ID/);
    expect(by.ftp!.methods).toEqual(['credentials']);
    expect(res.body.secretsReady).toBe(true);
    const refused = await op(ctx.app, 'socials.connect', {
      token: ctx.owner.token,
      params: { network: 'facebook' },
    });
    expectError(refused, 409, 'SOCIAL_NOT_CONFIGURED');
  });

  it('connects through the authorization server with PKCE S256 and reads the account from the network', async () => {
    const { authorizeUrl, cookie } = await start(ctx.owner.token);
    expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorizeUrl.searchParams.get('state')).toMatch(/.{20,}/);
    expect(authorizeUrl.searchParams.get('access_type')).toBe('offline');
    const back = await consent(authorizeUrl);
    const location = await callback(back, cookie);
    const id = location.replace('/user/socials?connected=', '');
    const social = await op(ctx.app, 'socials.get', { token: ctx.owner.token, params: { id } });
    expect(social.body).toMatchObject({
      network: 'youtube',
      authType: 'oauth',
      externalId: 'UC-johndoe',
      externalName: 'Stand-in Channel',
      avatarUrl: 'https://yt3.example.test/avatar.png',
      status: 'connected',
      hasRefreshToken: true,
      scopes: SCOPES,
    });
    // The answer is single use: the same callback again is refused, and so is one without the cookie.
    expect(await callback(back, cookie)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
    const other = await start(ctx.owner.token);
    expect(await callback(await consent(other.authorizeUrl))).toBe(
      '/user/socials?error=SOCIAL_STATE_INVALID',
    );
    // Connecting the same account again (Reconnect) updates the one connection.
    expect(await connect(ctx.owner.token)).toBe(id);
    const list = await op(ctx.app, 'users.socials', {
      token: ctx.owner.token,
      params: { id: ctx.owner.user.id },
    });
    expect(list.body.items.filter((s) => s.network === 'youtube')).toHaveLength(1);
  });

  it('refuses a code issued for another PKCE challenge (the verifier does not match)', async () => {
    const { authorizeUrl, cookie } = await start(ctx.owner.token);
    authorizeUrl.searchParams.set('code_challenge', 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
    expect(await callback(await consent(authorizeUrl), cookie)).toBe(
      '/user/socials?error=SOCIAL_CONNECT_FAILED',
    );
  });

  it('refreshes an expired token on check, and names a revoked one', async () => {
    const u = await createUser(ctx);
    auth.expireNextIn(1);
    const id = await connect(u.token);
    const before = auth.grants.filter((g) => g === 'refresh_token').length;
    const ok = await op(ctx.app, 'socials.check', { token: u.token, params: { id } });
    expect(ok.body).toMatchObject({ ok: true, status: 'connected', problems: [] });
    expect(auth.grants.filter((g) => g === 'refresh_token').length).toBe(before + 1);
    // The network stops accepting the current access token: check says so and how to fix it.
    youtube.revoke(auth.issued.at(-2)!);
    const bad = await op(ctx.app, 'socials.check', { token: u.token, params: { id } });
    expect(bad.body).toMatchObject({ ok: false, status: 'reauth-required' });
    expect(bad.body.problems.map((p) => p.code)).toEqual(['TOKEN_REVOKED']);
    expect(bad.body.social.lastError).toMatch(/reconnect/);
  });

  it('revokes the token at the network when a connection is deleted; others cannot see or delete it', async () => {
    const u = await createUser(ctx);
    const id = await connect(u.token);
    const stranger = await createUser(ctx);
    expectError(
      await op(ctx.app, 'socials.get', { token: stranger.token, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'socials.remove', { token: stranger.token, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'socials.check', { token: stranger.token, params: { id } }),
      404,
      'NOT_FOUND',
    );
    const refreshToken = auth.issued.at(-1)!;
    const removed = await op(ctx.app, 'socials.remove', { token: u.token, params: { id } });
    expect(removed.status).toBe(204);
    await vi.waitFor(() => expect(auth.revoked).toContain(refreshToken));
    expectError(await op(ctx.app, 'socials.get', { token: u.token, params: { id } }), 404, 'NOT_FOUND');
  });

  it('saves FTP only after logging in, names a wrong password, and keeps the password out of answers', async () => {
    const body = {
      network: 'ftp' as const,
      name: 'Archive',
      host: ftp.host,
      port: ftp.port,
      user: 'deploy',
      password: FTP_PASSWORD,
      protocol: 'ftp' as const,
      basePath: '/',
    };
    const created = await op(ctx.app, 'socials.create', { token: ctx.owner.token, body });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ authType: 'credentials', status: 'connected' });
    expect(created.body.ftp).toEqual({
      host: ftp.host,
      port: ftp.port,
      user: 'deploy',
      protocol: 'ftp',
      basePath: '/',
    });
    const checked = await op(ctx.app, 'socials.check', {
      token: ctx.owner.token,
      params: { id: created.body.id },
    });
    expect(checked.body).toMatchObject({ ok: true, problems: [] });
    const wrong = await op(ctx.app, 'socials.create', {
      token: ctx.owner.token,
      body: { ...body, password: 'not-it' },
    });
    expectError(wrong, 422, 'SOCIAL_CHECK_FAILED');
    expect(wrong.body.details?.[0]?.field).toBe('password');
    const missing = await op(ctx.app, 'socials.create', {
      token: ctx.owner.token,
      body: { ...body, basePath: '/nope' },
    });
    expect(missing.body.details?.[0]?.field).toBe('basePath');
    // Without TARGET_ALLOW_PRIVATE a loopback FTP host is refused like a target's receiver.
    // The server's password changes: check names the failed login and the connection shows an error.
    ftp.setPassword('rotated-elsewhere');
    const stale = await op(ctx.app, 'socials.check', {
      token: ctx.owner.token,
      params: { id: created.body.id },
    });
    expect(stale.body).toMatchObject({ ok: false, status: 'error' });
    expect(stale.body.problems.map((p) => p.code)).toEqual(['FTP_LOGIN_FAILED']);
    ftp.setPassword(FTP_PASSWORD);
    const refused = await checkFtp({ ...body, basePath: '/' }, false);
    expect(refused.map((p) => p.code)).toEqual(['ADDRESS_REFUSED']);
    const list = await op(ctx.app, 'users.socials', {
      token: ctx.owner.token,
      params: { id: ctx.owner.user.id },
    });
    expect(JSON.stringify(list.body)).not.toContain(FTP_PASSWORD);

    // A key scoped to one workspace reads the owner's connections but cannot add, check or delete one.
    const scoped = await op(ctx.app, 'apiKeys.create', {
      token: ctx.owner.token,
      params: { id: ctx.owner.user.id },
      body: {
        name: 'workspace bot',
        scope: {
          corporationId: ctx.owner.corporationId,
          workspaceId: ctx.owner.workspaceId,
          permission: 'write',
        },
      },
    });
    const apiKey = scoped.body.key;
    expect((await op(ctx.app, 'socials.get', { apiKey, params: { id: created.body.id } })).status).toBe(200);
    expectError(await op(ctx.app, 'socials.create', { apiKey, body }), 403, 'FORBIDDEN');
    expectError(
      await op(ctx.app, 'socials.check', { apiKey, params: { id: created.body.id } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'socials.remove', { apiKey, params: { id: created.body.id } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'socials.connect', { apiKey, params: { network: 'youtube' } }),
      403,
      'FORBIDDEN',
    );
    expect(
      (await op(ctx.app, 'socials.get', { token: ctx.owner.token, params: { id: created.body.id } })).status,
    ).toBe(200);
  });

  it('keeps stream keys sealed and refuses to start with another key once secrets exist', async () => {
    const created = await op(ctx.app, 'socials.create', {
      token: ctx.owner.token,
      body: { network: 'twitch', name: 'Twitch by key', streamKey: 'live_123_secretkey' },
    });
    expect(created.status).toBe(201);
    expect(JSON.stringify(created.body)).not.toContain('live_123_secretkey');
    const { repo, box } = ctx.app.services.socials;
    await expect(assertSecretsReadable(box, repo)).resolves.toBeUndefined();
    await expect(assertSecretsReadable(undefined, repo)).rejects.toThrow(ConfigError);
    await expect(assertSecretsReadable(undefined, repo)).rejects.toThrow(/SECRETS_KEY is not set/);
    const other = new SecretBox(Buffer.alloc(32, 7));
    await expect(assertSecretsReadable(other, repo)).rejects.toThrow(
      /does not open the stored social secrets/,
    );
  });

  it('never writes a token, code or password into a log line or an answer', async () => {
    expect(auth.issued.length).toBeGreaterThan(4);
    const text = logs.join('');
    expect(text).toContain('connect-social');
    for (const secret of [...auth.issued, FTP_PASSWORD, 'live_123_secretkey', 'client-secret-xyz'])
      expect(text).not.toContain(secret);
    expect(text).not.toMatch(/[?&]code=/);
    const all = await call(ctx.app, 'GET', `/v1/users/${ctx.owner.user.id}/socials`, {
      token: ctx.owner.token,
    });
    for (const secret of auth.issued) expect(JSON.stringify(all.body)).not.toContain(secret);
  });
});
