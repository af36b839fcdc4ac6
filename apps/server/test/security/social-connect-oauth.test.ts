// Issue 31 item 5: the whole OAuth 2 authorization of a social connection, over real sockets, against a
// provider that holds every rule (oauth-strict-server.ts): PKCE S256, a state used once, by the browser
// and login that began it, no redirect anyone can bend; then the database is read row by row for a
// token, a client secret or a PKCE verifier in clear.
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socials } from '../../src/db/schema/socials';
import { socialEnv } from '../helpers/social-connect';
import { startYoutubeStandIn } from '../helpers/social-stand-ins';
import type { TestUser } from '../helpers/tenancy';
import { createUser } from '../helpers/test-app';
import { startStrictAuthServer } from './oauth-strict-server';
import { type RunningServer, startRunningServer } from './running-server';

const SCOPES = ['https://www.googleapis.com/auth/youtube', 'https://www.googleapis.com/auth/youtube.upload'];
const CALLBACK = 'http://stromwerk.test/v1/connect-social/youtube/callback';
const STORED_APP_SECRET = 'stored-twitch-secret-4f1c9e';
let srv: RunningServer;
let auth: Awaited<ReturnType<typeof startStrictAuthServer>>;
let youtube: Awaited<ReturnType<typeof startYoutubeStandIn>>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  auth = await startStrictAuthServer(SCOPES);
  youtube = await startYoutubeStandIn(auth.url);
  srv = await startRunningServer({
    ...socialEnv('youtube', auth.url, youtube.url),
    // Twitch's app comes from the admin page: its client secret is stored in the database.
    ...socialEnv('twitch', auth.url, youtube.url, false),
  });
  alice = await createUser(srv);
  bob = await createUser(srv);
  // Two providers, a server and two argon2 sign-ups: over a minute on a machine busy with other suites.
}, 180_000);
afterAll(async () => {
  await srv?.close();
  await Promise.all([auth?.stop(), youtube?.stop()]);
});

/** A browser's GET /v1/connect-social/youtube: the provider's address and the binding cookie it got. */
async function start(token: string, cookie?: string, query?: Record<string, string>) {
  const res = await srv.op('socials.connect', {
    params: { network: 'youtube' },
    token,
    query,
    headers: cookie ? { cookie } : {},
  });
  expect(res.status).toBe(200);
  const { authorizeUrl } = (await res.json()) as { authorizeUrl: string };
  return { authorizeUrl: new URL(authorizeUrl), cookie: res.headers.get('set-cookie')!.split(';')[0]! };
}

/** The user consents at the provider; answers the callback address (path and query) it sends back. */
async function consent(authorizeUrl: URL) {
  const res = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get('location')!);
  return { back, path: `${back.pathname}${back.search}` };
}

/** The browser arrives at the callback; answers where we send it next (never followed). */
async function callback(path: string, cookie?: string) {
  const res = await srv.http(path, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  expect(res.status).toBe(302);
  return res.headers.get('location')!;
}

const connectionsOf = async (user: TestUser) =>
  (await srv.app.services.database.db.select({ userId: socials.userId }).from(socials)).filter(
    (r) => r.userId === user.user.id,
  ).length;

describe('PKCE', () => {
  it('asks with an S256 challenge, exchanges with its verifier and the registered redirect', async () => {
    const before = await connectionsOf(alice);
    const { authorizeUrl, cookie } = await start(alice.token);
    const q = authorizeUrl.searchParams;
    expect(q.get('code_challenge_method')).toBe('S256');
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get('redirect_uri')).toBe(CALLBACK);
    expect(q.get('response_type')).toBe('code');
    // Neither the verifier nor the client secret travels through the browser.
    expect([...q.keys()].sort()).toEqual(
      [
        'client_id',
        'code_challenge',
        'code_challenge_method',
        'redirect_uri',
        'response_type',
        'scope',
        'state',
      ]
        .concat([...q.keys()].filter((k) => ['access_type', 'prompt', 'include_granted_scopes'].includes(k)))
        .sort(),
    );
    expect(authorizeUrl.toString()).not.toContain('client-secret-xyz');
    const { path } = await consent(authorizeUrl);
    expect(await callback(path, cookie)).toMatch(/^\/user\/socials\?connected=[0-9a-f-]{36}$/);
    const exchange = auth.tokenRequests.at(-1)!;
    expect(exchange.refused).toBeNull();
    expect(exchange.body.grant_type).toBe('authorization_code');
    expect(exchange.body.redirect_uri).toBe(CALLBACK);
    const verifier = exchange.body.code_verifier!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(q.get('code_challenge'));
    expect(await connectionsOf(alice)).toBe(before + 1);
  });

  it('a code intercepted on its way back is worth nothing without the verifier only our server holds', async () => {
    const { authorizeUrl } = await start(alice.token);
    const { back } = await consent(authorizeUrl);
    // The attacker has the code and the state, not the verifier (sealed in the database) nor the cookie.
    const res = await fetch(`${auth.url}/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code')!,
        redirect_uri: CALLBACK,
        client_id: 'stromwerk-test',
        code_verifier: 'a'.repeat(43),
      }),
    });
    expect(res.ok).toBe(false);
    expect(await callback(`${back.pathname}${back.search}`)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
  });
});

describe('state', () => {
  it('is single use: replaying a finished callback is refused and exchanges nothing', async () => {
    const { authorizeUrl, cookie } = await start(alice.token);
    const { path } = await consent(authorizeUrl);
    expect(await callback(path, cookie)).toMatch(/connected=/);
    const [exchanges, count] = [auth.tokenRequests.length, await connectionsOf(alice)];
    expect(await callback(path, cookie)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
    expect(auth.tokenRequests.length).toBe(exchanges);
    expect(await connectionsOf(alice)).toBe(count);
  });

  it('is bound to the browser: carried into another user’s browser it connects nothing to anyone', async () => {
    const [a0, b0] = [await connectionsOf(alice), await connectionsOf(bob)];
    const alices = await start(alice.token);
    // Bob's browser holds a binding cookie of its own (he began a flow too).
    const bobs = await start(bob.token);
    const { path } = await consent(alices.authorizeUrl);
    const exchanges = auth.tokenRequests.length;
    expect(await callback(path, bobs.cookie)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
    expect(await callback(path)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
    expect(auth.tokenRequests.length).toBe(exchanges);
    expect([await connectionsOf(alice), await connectionsOf(bob)]).toEqual([a0, b0]);
    // Burnt by the attempt: not even Alice's browser can finish it now.
    expect(await callback(path, alices.cookie)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
  });

  it('is bound to the login that began it: another login in the same browser never receives it', async () => {
    const [a0, b0] = [await connectionsOf(alice), await connectionsOf(bob)];
    const alices = await start(alice.token);
    // Bob logs in on the same browser (same cookie jar) and starts his own flow there.
    await start(bob.token, alices.cookie);
    const { path } = await consent(alices.authorizeUrl);
    const id = /connected=([0-9a-f-]{36})$/.exec(await callback(path, alices.cookie))?.[1];
    // Alice's (her earlier connection of the same account, reconnected), never Bob's.
    const [row] = await srv.app.services.database.db.select().from(socials).where(eq(socials.id, id!));
    expect(row?.userId).toBe(alice.user.id);
    expect([await connectionsOf(alice), await connectionsOf(bob)]).toEqual([Math.max(a0, 1), b0]);
  });

  it('dies with the login session that began it', async () => {
    const carol = await createUser(srv);
    const { authorizeUrl, cookie } = await start(carol.token);
    expect((await srv.op('users.logout', { token: carol.token })).status).toBe(204);
    const { path } = await consent(authorizeUrl);
    expect(await callback(path, cookie)).toBe('/user/socials?error=SOCIAL_STATE_INVALID');
    expect(await connectionsOf(carol)).toBe(0);
  });
});

describe('redirects', () => {
  it('a redirect or return address in the start request is not used', async () => {
    const evil = 'https://evil.example.net/steal';
    const { authorizeUrl } = await start(alice.token, undefined, {
      redirect_uri: evil,
      returnTo: evil,
      next: evil,
    });
    expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(authorizeUrl.toString()).not.toContain('evil.example');
  });

  it('the callback sends the browser only to our own Socials page, whatever its query says', async () => {
    const { authorizeUrl, cookie } = await start(alice.token);
    const { path } = await consent(authorizeUrl);
    const bent = `${path}&redirect_uri=${encodeURIComponent('https://evil.example.net')}&next=//evil.example.net`;
    const res = await srv.http(bent, { redirect: 'manual', headers: { cookie } });
    // Unknown parameters are either refused (4xx) or ignored; the browser never leaves for another site.
    if (res.status === 302) expect(res.headers.get('location')).toMatch(/^\/user\/socials\?/);
    else expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.headers.get('location') ?? '').not.toContain('evil');
    for (const error of ['access_denied', 'https://evil.example.net', '//evil.example.net']) {
      const { authorizeUrl: u, cookie: c } = await start(alice.token);
      const state = u.searchParams.get('state')!;
      const loc = await callback(
        `/v1/connect-social/youtube/callback?state=${state}&error=${encodeURIComponent(error)}`,
        c,
      );
      expect(loc).toBe('/user/socials?error=SOCIAL_CONNECT_FAILED');
    }
  });

  it('a code issued for another redirect address is refused at the exchange; nothing is stored', async () => {
    const count = await connectionsOf(alice);
    const { authorizeUrl, cookie } = await start(alice.token);
    // The address was bent on its way to the provider: the code is issued for evil's redirect.
    authorizeUrl.searchParams.set('redirect_uri', 'https://evil.example.net/cb');
    const { back } = await consent(authorizeUrl);
    const path = `/v1/connect-social/youtube/callback${back.search}`;
    expect(await callback(path, cookie)).toBe('/user/socials?error=SOCIAL_CONNECT_FAILED');
    expect(auth.tokenRequests.at(-1)).toMatchObject({ refused: 'redirect_uri differs' });
    expect(await connectionsOf(alice)).toBe(count);
  });

  it('a state begun for one network is refused at another network’s callback', async () => {
    const { authorizeUrl, cookie } = await start(alice.token);
    const { back } = await consent(authorizeUrl);
    const exchanges = auth.tokenRequests.length;
    expect(await callback(`/v1/connect-social/twitch/callback${back.search}`, cookie)).toBe(
      '/user/socials?error=SOCIAL_STATE_INVALID',
    );
    expect(auth.tokenRequests.length).toBe(exchanges);
  });
});

/** Every row of every table of the public schema as text, for looking for secrets in clear. */
async function wholeDatabase(): Promise<string> {
  const db = srv.app.services.database.db;
  const tables = await db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables.rows as { table_name: string }[]) {
    const rows = await db.execute(sql.raw(`SELECT t::text AS row FROM "${table_name}" t`));
    for (const r of rows.rows as { row: string }[]) parts.push(`${table_name}: ${r.row}`);
  }
  return parts.join('\n');
}

describe('at rest', () => {
  it('no access token, refresh token, client secret, PKCE verifier or state is stored in clear', async () => {
    const put = await srv.op('socials.putOauthApp', {
      params: { network: 'twitch' },
      token: srv.owner.token,
      json: { clientId: 'twitch-client', clientSecret: STORED_APP_SECRET },
    });
    expect(put.status).toBeLessThan(300);
    // A flow left pending (its state and sealed verifier are in the database now), and one more
    // connection whose token is refreshed on check (a second access token, maybe a new refresh token).
    const pending = await start(bob.token);
    const during = await wholeDatabase();
    // Finished now, so its verifier (sent to the provider) is known to look for in `during`.
    expect(await callback((await consent(pending.authorizeUrl)).path, pending.cookie)).toMatch(/connected=/);
    const { authorizeUrl, cookie } = await start(alice.token);
    auth.expireNextIn(1);
    const id = /connected=([0-9a-f-]{36})/.exec(
      await callback((await consent(authorizeUrl)).path, cookie),
    )![1]!;
    const checked = await srv.op('socials.check', { params: { id }, token: alice.token });
    expect(((await checked.json()) as { ok: boolean }).ok).toBe(true);
    expect(auth.tokenRequests.at(-1)!.body.grant_type).toBe('refresh_token');
    const after = await wholeDatabase();
    expect(after).toMatch(/socials: /);
    const secrets = [
      ...auth.issued,
      'client-secret-xyz',
      STORED_APP_SECRET,
      ...auth.tokenRequests.map((r) => r.body.code_verifier).filter((v): v is string => !!v),
      ...auth.authorizations.map((a) => a.code),
    ];
    expect(secrets.length).toBeGreaterThan(10);
    for (const secret of secrets) {
      expect(after.includes(secret), `in clear: ${secret.slice(0, 12)}…`).toBe(false);
      expect(during.includes(secret)).toBe(false);
    }
    // The pending flow was in the database, by hashes and sealed values only.
    expect(during).toMatch(/^social_connect_states: /m);
    for (const secret of [pending.authorizeUrl.searchParams.get('state')!, pending.cookie.split('=')[1]!])
      expect(during.includes(secret)).toBe(false);
  });
});
