import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op, routeOf } from '../helpers/route-call';
import { type RouteCase, routeKeys, routeTable, type Victim } from '../helpers/route-table';
import { call, createTenant, createTestApp, login, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
let victim: Victim & { token: string; password: string; name: string; apiKey: string };
let stranger: Awaited<ReturnType<typeof createTenant>>;

// Names only: the real table needs the ids created in beforeAll.
const shape = routeTable(
  {
    userId: randomUUID(),
    email: 'v@example.test',
    corporationId: randomUUID(),
    workspaceId: randomUUID(),
    invitationId: randomUUID(),
    apiKeyId: randomUUID(),
    emailVerificationId: randomUUID(),
    passwordResetId: randomUUID(),
  },
  randomUUID(),
);
const rows = shape.map((r, n) => ({
  n,
  name: `${r.method} ${r.template}${r.query ? `?${new URLSearchParams(r.query)}` : ''}`.replace(
    /[0-9a-f-]{36}/g,
    '{id}',
  ),
}));
const route = (n: number): RouteCase => routeTable(victim, stranger.user.user.id)[n]!;
const send = (r: RouteCase, auth: { token?: string; headers?: Record<string, string> }) =>
  call(ctx.app, r.method, r.url, { ...auth, query: r.query, body: r.body });

beforeAll(async () => {
  ctx = await createTestApp();
  const t = await createTenant(ctx, 'Victim Corp');
  const as = { token: t.user.token };
  const key = await op(ctx.app, 'apiKeys.create', {
    ...as,
    params: { id: t.user.user.id },
    body: { name: 'victim key' },
  });
  const inv = await op(ctx.app, 'invitations.create', {
    ...as,
    body: { corporationId: t.corporationId, email: 'invitee-of-victim@example.test', permissions: ['read'] },
  });
  await op(ctx.app, 'users.startEmailVerification', { ...as, params: { id: t.user.user.id } });
  await op(ctx.app, 'users.startPasswordReset', { query: { email: t.user.user.email } });
  const ev = await op(ctx.app, 'users.listEmailVerifications', as);
  const pr = await op(ctx.app, 'users.listPasswordResets', as);
  victim = {
    userId: t.user.user.id,
    email: t.user.user.email,
    corporationId: t.corporationId,
    workspaceId: t.workspaceId,
    invitationId: inv.body.id,
    apiKeyId: key.body.id,
    emailVerificationId: ev.body.items[0]!.id,
    passwordResetId: pr.body.items[0]!.id,
    token: t.user.token,
    password: t.user.password,
    name: t.user.user.name,
    apiKey: key.body.key,
  };
  stranger = await createTenant(ctx, 'Stranger Corp');
});
afterAll(() => ctx.close());

describe(`access matrix: every route (${testDbEngine()})`, () => {
  it('covers each route of routes.md', () => {
    expect(new Set(rows.map((r) => r.name)).size).toBe(rows.length);
    // routes.md listed 62 method + path pairs, and readiness and liveness came with issue 29; two of them
    // are tried twice (a filter, a scope).
    expect(routeKeys(shape)).toHaveLength(64);
    expect(rows).toHaveLength(66);
  });

  describe('without a caller', () => {
    it.each(rows)('$name', async ({ n }) => {
      const r = route(n);
      const res = await send(r, {});
      if (typeof r.stranger === 'object') {
        expect(res.status, JSON.stringify(res.body)).toBe(r.stranger.status);
        if (r.stranger.code) expectError(res, r.stranger.status, r.stranger.code);
      } else {
        expectError(res, 401, 'UNAUTHENTICATED');
      }
    });
  });

  describe('with a forged or unknown token', () => {
    it.each(rows.filter(({ n }) => !shape[n]!.public))('$name', async ({ n }) => {
      expectError(await send(route(n), { token: 'not-a-session-token' }), 401, 'TOKEN_INVALID');
      expectError(
        await send(route(n), { headers: { authorization: 'Token swk_unknownkey' } }),
        401,
        'TOKEN_INVALID',
      );
    });
  });

  describe('as a user of another corporation', () => {
    it.each(rows)('$name', async ({ n }) => {
      const r = route(n);
      const res = await send(r, { token: stranger.user.token });
      const text = JSON.stringify(res.body ?? '');
      // Never the victim's data, whatever the route answers.
      for (const secret of [victim.email, victim.corporationId, victim.workspaceId, victim.apiKeyId]) {
        expect(text, `${rows[n]!.name} leaked ${secret}`).not.toContain(secret);
      }
      if (r.stranger === 'hidden') expectError(res, 404, 'NOT_FOUND');
      else if (r.stranger === 'admin') expectError(res, 403, 'FORBIDDEN');
      else if (r.stranger === 'own') {
        expect([200, 201], text).toContain(res.status);
        if (r.url === routeOf('users.me').url || r.url === routeOf('users.flags').url) {
          const body = res.body as { id?: string; userId?: string };
          expect(body.id ?? body.userId).toBe(stranger.user.user.id);
        }
      } else {
        expect(res.status, text).toBe(r.stranger.status);
      }
    });

    it('left every resource of the victim as it was', async () => {
      const as = { token: victim.token };
      const me = await op(ctx.app, 'users.me', as);
      expect(me.body).toMatchObject({ name: victim.name, email: victim.email });
      const corp = await op(ctx.app, 'corporations.get', { ...as, params: { id: victim.corporationId } });
      expect(corp.status).toBe(200);
      expect(corp.body.name).toBe('Victim Corp');
      const wss = await op(ctx.app, 'corporations.workspaces', {
        ...as,
        params: { id: victim.corporationId },
      });
      expect(wss.body.items.map((w) => [w.id, w.name])).toEqual([[victim.workspaceId, 'Victim Corp WS']]);
      const members = await op(ctx.app, 'corporations.members', {
        ...as,
        params: { id: victim.corporationId },
      });
      expect(members.body.items.map((m) => m.userId)).toEqual([victim.userId]);
      const wsMembers = await op(ctx.app, 'workspaces.members', {
        ...as,
        params: { id: victim.workspaceId },
      });
      expect(wsMembers.body.total).toBe(0);
      const inv = await op(ctx.app, 'invitations.get', { ...as, params: { id: victim.invitationId } });
      expect(inv.body).toMatchObject({ status: 'pending', permissions: ['read'] });
      const invs = await op(ctx.app, 'corporations.invitations', {
        ...as,
        params: { id: victim.corporationId },
      });
      expect(invs.body.total).toBe(1);
      const quota = await op(ctx.app, 'usage.quota', { ...as, params: { id: victim.corporationId } });
      expect(quota.body.maxWorkspaces).toBe(50);
      const viaKey = await op(ctx.app, 'users.me', { apiKey: victim.apiKey });
      expect(viaKey.body.id).toBe(victim.userId);
      const ev = await op(ctx.app, 'users.listEmailVerifications', as);
      expect(ev.body.items.map((x) => x.id)).toContain(victim.emailVerificationId);
      const pr = await op(ctx.app, 'users.listPasswordResets', as);
      expect(pr.body.items.map((x) => x.id)).toContain(victim.passwordResetId);
      const flags = await op(ctx.app, 'users.flags', as);
      expect(flags.body.flags).toEqual([]);
      // The password was not changed and the account not blocked.
      expect((await login(ctx.app, victim.email, victim.password)).user.id).toBe(victim.userId);
    });
  });
});
