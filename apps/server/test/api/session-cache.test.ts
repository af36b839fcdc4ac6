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

describe('sessions no cache holds', () => {
  // After a restart every browser comes back at once (HTTP and MQTT): the look-ups asked for together
  // are one statement, and each caller still gets its own session and user.
  it('are read together when asked for together, each caller getting its own', async () => {
    const users = await Promise.all(Array.from({ length: 12 }, () => createUser(ctx)));
    for (const u of users) await ctx.app.services.identity.forget({ userId: u.user.id });
    const repo = (
      ctx.app.services.sessions as unknown as { repo: Record<string, { execute: () => unknown }> }
    ).repo;
    const one = vi.spyOn(repo.sessionLookup!, 'execute');
    const many = vi.spyOn(repo.sessionsLookup!, 'execute');
    const found = await Promise.all(users.map((u) => ctx.app.services.sessions.resolve(u.token)));
    expect(found.map((f) => f?.user.id)).toEqual(users.map((u) => u.user.id));
    expect(found.map((f) => f?.session.id)).toEqual(users.map((u) => u.token.split('.')[0]));
    expect(one).not.toHaveBeenCalled();
    expect(many).toHaveBeenCalledTimes(1);
    // A wrong secret among them is still refused, and an unknown session is none.
    const [id, secret] = users[0]!.token.split('.') as [string, string];
    const [wrong, unknown, right] = await Promise.all([
      ctx.app.services.sessions.resolve(`${id}.${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`),
      ctx.app.services.sessions.resolve(`00000000-0000-4000-8000-000000000000.${secret}`),
      ctx.app.services.sessions.resolve(users[1]!.token),
    ]);
    expect([wrong, unknown, right?.user.id]).toEqual([null, null, users[1]!.user.id]);
  });
});
