import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { op } from '../helpers/route-call';
import { createTestApp, createUser, OWNER, type TestContext } from '../helpers/test-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('public routes with a stale session', () => {
  it('lets a browser holding an expired token log in again', async () => {
    const res = await op(ctx.app, 'users.login', {
      token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid',
      body: { email: OWNER.email, password: OWNER.password },
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toBeTruthy();
  });

  it('still refuses the same token on a private route', async () => {
    const res = await op(ctx.app, 'users.me', { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.invalid' });
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('TOKEN_INVALID');
  });
});

describe('corporation members', () => {
  it('are listed for corporation members but not for members of a single workspace', async () => {
    const wsMember = await createUser(ctx);
    await op(ctx.app, 'workspaces.setUserPermissions', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
      body: { userId: wsMember.user.id, permissions: ['write'] },
    });
    const own = await op(ctx.app, 'workspaces.members', {
      token: wsMember.token,
      params: { id: ctx.owner.workspaceId },
    });
    expect(own.status).toBe(200);
    const corp = await op(ctx.app, 'corporations.members', {
      token: wsMember.token,
      params: { id: ctx.owner.corporationId },
    });
    expect(corp.status).toBe(403);
    const owner = await op(ctx.app, 'corporations.members', {
      token: ctx.owner.token,
      params: { id: ctx.owner.corporationId },
    });
    expect(owner.body.items.map((m) => m.email)).toContain(OWNER.email);
  });
});
