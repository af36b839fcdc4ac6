import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createTestApp, createUser, login, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const me = (auth: { token?: string; apiKey?: string }) => op(ctx.app, 'users.me', auth);
const USER_KEYS = [
  'avatar',
  'avatarMediaId',
  'blocked',
  'createdAt',
  'email',
  'emailVerified',
  'id',
  'isAdmin',
  'language',
  'name',
  'updatedAt',
];

describe(`login and sessions (${testDbEngine()})`, () => {
  it('logs in with any letter case of the email and gives a week-long session without secrets', async () => {
    const u = await createUser(ctx);
    const res = await op(ctx.app, 'users.login', {
      body: { email: u.user.email.toUpperCase(), password: u.password },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(['expiry', 'token', 'user']);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
    expect(res.body.user).toMatchObject({
      id: u.user.id,
      email: u.user.email,
      isAdmin: false,
      blocked: false,
    });
    const days = (Date.parse(res.body.expiry) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const mine = await me({ token: res.body.token });
    expect(mine.status).toBe(200);
    expect(mine.body.id).toBe(u.user.id);
  });

  it('a cached session still refuses a token whose secret differs (same id, same length or not)', async () => {
    const u = await createUser(ctx);
    const { token } = await login(ctx.app, u.user.email, u.password);
    expect((await me({ token })).status).toBe(200);
    expect((await me({ token })).status).toBe(200);
    const [id, secret] = token.split('.') as [string, string];
    const flipped = `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    for (const wrong of [`${id}.${flipped}`, `${id}.${secret}x`, `${id}.`]) {
      expect((await me({ token: wrong })).status).toBe(401);
    }
    expect((await me({ token })).status).toBe(200);
  });

  it('answers an unknown email exactly like a wrong password', async () => {
    const u = await createUser(ctx);
    const wrong = await op(ctx.app, 'users.login', { body: { email: u.user.email, password: 'wrong-pw' } });
    const unknown = await op(ctx.app, 'users.login', {
      body: { email: 'nobody@example.test', password: 'wrong-pw' },
    });
    expect(expectError(wrong, 401, 'INVALID_CREDENTIALS')).toEqual(
      expectError(unknown, 401, 'INVALID_CREDENTIALS'),
    );
  });
});

describe(`blocked users (${testDbEngine()})`, () => {
  it('refuses the existing token, API keys and login of a blocked user; unblocking restores login', async () => {
    const u = await createUser(ctx);
    const key = await op(ctx.app, 'apiKeys.create', {
      token: u.token,
      params: { id: u.user.id },
      body: { name: 'k' },
    });
    const blocked = await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: u.user.id } });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id: u.user.id, blocked: true });
    // Blocking ends the sessions (their version is stale) and an API key meets the block itself.
    expectError(await me({ token: u.token }), 401, 'TOKEN_INVALID');
    expectError(await me({ apiKey: key.body.key }), 403, 'USER_BLOCKED');
    expectError(
      await op(ctx.app, 'users.login', { body: { email: u.user.email, password: u.password } }),
      403,
      'USER_BLOCKED',
    );
    // A wrong password still says only that the credentials are wrong.
    expectError(
      await op(ctx.app, 'users.login', { body: { email: u.user.email, password: 'wrong-pw' } }),
      401,
      'INVALID_CREDENTIALS',
    );
    const listed = await op(ctx.app, 'users.get', { token: ctx.owner.token, params: { id: u.user.id } });
    expect(listed.body.blocked).toBe(true);

    const unblocked = await op(ctx.app, 'users.unblock', {
      token: ctx.owner.token,
      params: { id: u.user.id },
    });
    expect(unblocked.body.blocked).toBe(false);
    const again = await login(ctx.app, u.user.email, u.password);
    expect((await me({ token: again.token })).body.id).toBe(u.user.id);
    expect((await me({ apiKey: key.body.key })).status).toBe(200);
  });

  it('a platform admin cannot block themself', async () => {
    const res = await op(ctx.app, 'users.block', {
      token: ctx.owner.token,
      params: { id: ctx.owner.user.id },
    });
    expectError(res, 403, 'FORBIDDEN');
    expect((await me({ token: ctx.owner.token })).body.blocked).toBe(false);
  });

  it('blocking an unknown user answers 404', async () => {
    const res = await op(ctx.app, 'users.block', {
      token: ctx.owner.token,
      params: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expectError(res, 404, 'NOT_FOUND');
  });
});

describe(`update-password (${testDbEngine()})`, () => {
  it('returns a fresh session; the old token and old password stop working', async () => {
    const u = await createUser(ctx);
    const other = await login(ctx.app, u.user.email, u.password);
    const res = await op(ctx.app, 'users.updatePassword', {
      token: u.token,
      params: { id: u.user.id },
      body: { currentPassword: u.password, newPassword: 'brand-new-password' },
    });
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(u.user.id);
    expect(res.body.token).not.toBe(u.token);
    expectError(await me({ token: u.token }), 401, 'TOKEN_INVALID');
    expectError(await me({ token: other.token }), 401, 'TOKEN_INVALID');
    expect((await me({ token: res.body.token })).body.id).toBe(u.user.id);
    expectError(
      await op(ctx.app, 'users.login', { body: { email: u.user.email, password: u.password } }),
      401,
      'INVALID_CREDENTIALS',
    );
    expect((await login(ctx.app, u.user.email, 'brand-new-password')).user.id).toBe(u.user.id);
  });

  it('takes its payload from the query string (spec section 7)', async () => {
    const u = await createUser(ctx);
    const res = await op(ctx.app, 'users.updatePassword', {
      token: u.token,
      query: { currentPassword: u.password, newPassword: 'query-string-pass' },
      params: { id: u.user.id },
    });
    expect(res.status).toBe(200);
    expect((await login(ctx.app, u.user.email, 'query-string-pass')).user.id).toBe(u.user.id);
  });

  it('refuses a wrong current password without changing anything', async () => {
    const u = await createUser(ctx);
    const res = await op(ctx.app, 'users.updatePassword', {
      token: u.token,
      params: { id: u.user.id },
      body: { currentPassword: 'not-my-password', newPassword: 'brand-new-password' },
    });
    expectError(res, 400, 'PASSWORD_INCORRECT', 'currentPassword');
    expect((await me({ token: u.token })).status).toBe(200);
    expect((await login(ctx.app, u.user.email, u.password)).user.id).toBe(u.user.id);
  });
});

describe(`update-email (${testDbEngine()})`, () => {
  it('needs the right password, naming the password field', async () => {
    const u = await createUser(ctx);
    const res = await op(ctx.app, 'users.updateEmail', {
      token: u.token,
      query: { email: 'elsewhere@example.test', password: 'not-my-password' },
      params: { id: u.user.id },
    });
    expectError(res, 400, 'PASSWORD_INCORRECT', 'password');
    expect((await me({ token: u.token })).body.email).toBe(u.user.email);
  });

  it('rejects an address another account uses with 409', async () => {
    const u = await createUser(ctx);
    const taken = await createUser(ctx);
    const res = await op(ctx.app, 'users.updateEmail', {
      token: u.token,
      params: { id: u.user.id },
      body: { email: taken.user.email.toUpperCase(), password: u.password },
    });
    expectError(res, 409, 'EMAIL_TAKEN', 'email');
    expect((await me({ token: u.token })).body.email).toBe(u.user.email);
  });

  it('only records the new address (query payload) until its mailed link is opened', async () => {
    const u = await createUser(ctx);
    const email = `moved-${Date.now()}@example.test`;
    const res = await op(ctx.app, 'users.updateEmail', {
      token: u.token,
      query: { email: email.toUpperCase(), password: u.password },
      params: { id: u.user.id },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: u.user.id, email: u.user.email });
    const pending = await op(ctx.app, 'users.listEmailVerifications', { token: u.token });
    expect(pending.body.items.map((i) => i.email)).toEqual([email]);
    expect((await login(ctx.app, u.user.email, u.password)).user.id).toBe(u.user.id);
    expectError(
      await op(ctx.app, 'users.login', { body: { email, password: u.password } }),
      401,
      'INVALID_CREDENTIALS',
    );
  });
});

describe(`rate limits (${testDbEngine()})`, () => {
  it('a client failing at one account waits after three failures; other accounts and clients do not', async () => {
    const u = await createUser(ctx);
    const attempt = (email: string, password = 'guessing-1') =>
      op(ctx.app, 'users.login', { body: { email, password } });
    for (let n = 1; n <= 4; n++) expectError(await attempt(u.user.email), 401, 'INVALID_CREDENTIALS');
    const limited = await attempt(u.user.email);
    expectError(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // From this client even the right password waits now; another account does not.
    expectError(await attempt(u.user.email, u.password), 429, 'RATE_LIMITED');
    expectError(await attempt('someone-else@example.test'), 401, 'INVALID_CREDENTIALS');
  });

  it('answers 429 to the 11th wrong current password of one account (PASSWORD_INCORRECT counts)', async () => {
    const u = await createUser(ctx);
    const attempt = (currentPassword: string) =>
      op(ctx.app, 'users.updatePassword', {
        token: u.token,
        params: { id: u.user.id },
        body: { currentPassword, newPassword: 'brand-new-password' },
      });
    for (let n = 1; n <= 10; n++)
      expectError(await attempt(`guessing-${n}`), 400, 'PASSWORD_INCORRECT', 'currentPassword');
    expectError(await attempt(u.password), 429, 'RATE_LIMITED');
  });

  it('answers 429 to the 6th password-reset start for one email within a minute', async () => {
    const email = `reset-flood-${Date.now()}@example.test`;
    const start = (e: string) => op(ctx.app, 'users.startPasswordReset', { query: { email: e } });
    for (let n = 1; n <= 5; n++) expect((await start(email)).status).toBe(204);
    expectError(await start(email), 429, 'RATE_LIMITED');
    expect((await start(`other-${email}`)).status).toBe(204);
  });
});
