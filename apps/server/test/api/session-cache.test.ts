import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sessions } from '../../src/db/schema/identity';
import { IDLE_MS } from '../../src/modules/sessions/sessions.service';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createTestApp, createUser, type TestContext } from '../helpers/test-app';

// Issue 32: a session the identity cache holds is decided without a promise (SessionsService.resolveCached,
// the auth hook's synchronous path). These are the checks that path must keep: the secret, the expiry, the
// revocation, and the last use written once a minute has passed, which only the database path does.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterEach(() => vi.useRealTimers());
afterAll(() => ctx.close());

const me = (token: string) => op(ctx.app, 'users.me', { token });
const sessionRow = async (token: string) =>
  (
    await ctx.app.services.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, token.split('.')[0]!))
  )[0]!;

describe('a cached session', () => {
  it('answers while the cache holds it, and writes its last use once a minute has passed', async () => {
    const u = await createUser(ctx);
    expect((await me(u.token)).status).toBe(200);
    const before = await sessionRow(u.token);
    // Only the clock moves: timers keep running, so the app's own work goes on as usual.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 60_000 });
    expect((await me(u.token)).status).toBe(200);
    const after = await sessionRow(u.token);
    expect(after.lastUsedAt.getTime()).toBeGreaterThan(before.lastUsedAt.getTime() + 60_000);
    expect(after.expiry.getTime()).toBeGreaterThan(before.expiry.getTime());
  });

  it('refuses a wrong secret for a cached session, and still takes the right one', async () => {
    const u = await createUser(ctx);
    expect((await me(u.token)).status).toBe(200);
    const [id, secret] = u.token.split('.') as [string, string];
    const wrong = `${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`;
    expectError(await me(wrong), 401, 'TOKEN_INVALID');
    expectError(await me(`${id}.${secret}x`), 401, 'TOKEN_INVALID');
    expect((await me(u.token)).status).toBe(200);
  });

  it('refuses a cached session once it has idled out', async () => {
    const u = await createUser(ctx);
    expect((await me(u.token)).status).toBe(200);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + IDLE_MS + 60_000 });
    expectError(await me(u.token), 401, 'TOKEN_INVALID');
  });

  it('refuses a cached session after logout', async () => {
    const u = await createUser(ctx);
    expect((await me(u.token)).status).toBe(200);
    expect((await op(ctx.app, 'users.logout', { token: u.token })).status).toBe(204);
    expectError(await me(u.token), 401, 'TOKEN_INVALID');
  });

  it('a public route ignores a bad or stale token, a private one names it', async () => {
    const u = await createUser(ctx);
    expect((await op(ctx.app, 'users.logout', { token: u.token })).status).toBe(204);
    const health = await ctx.app.inject({
      method: 'GET',
      url: '/v1/health',
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(health.statusCode).toBe(200);
    const login = await op(ctx.app, 'users.login', {
      body: { email: u.user.email, password: u.password },
      headers: { authorization: `Bearer ${u.token}` },
    });
    expect(login.status).toBe(200);
    expectError(await me(u.token), 401, 'TOKEN_INVALID');
    expectError(await op(ctx.app, 'users.me', {}), 401, 'UNAUTHENTICATED');
  });
});
