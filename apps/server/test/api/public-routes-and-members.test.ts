import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, createUser, OWNER, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('public routes with a stale session', () => {
  it('lets a browser holding an expired token log in again', async () => {
    const res = await call<{ token: string }>(ctx.app, 'POST', '/v1/login', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid',
      body: { email: OWNER.email, password: OWNER.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
  });

  it('still refuses the same token on a private route', async () => {
    const res = await call<{ code: string }>(ctx.app, 'GET', '/v1/me', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid',
    });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });
});

describe('corporation members', () => {
  it('are listed for corporation members but not for members of a single workspace', async () => {
    const wsMember = await createUser(ctx);
    await call(ctx.app, 'PUT', `/v1/workspaces/${ctx.owner.workspaceId}/set-user-permissions`, {
      token: ctx.owner.token,
      body: { userId: wsMember.user.id, permissions: ['write'] },
    });
    const own = await call(ctx.app, 'GET', `/v1/workspaces/${ctx.owner.workspaceId}/members`, {
      token: wsMember.token,
    });
    expect(own.status).toBe(200);
    const corp = await call<{ code: string }>(
      ctx.app,
      'GET',
      `/v1/corporations/${ctx.owner.corporationId}/members`,
      { token: wsMember.token },
    );
    expect(corp.status).toBe(403);
    const owner = await call<{ items: { email: string }[] }>(
      ctx.app,
      'GET',
      `/v1/corporations/${ctx.owner.corporationId}/members`,
      { token: ctx.owner.token },
    );
    expect(owner.body.items.map((m) => m.email)).toContain(OWNER.email);
  });
});
