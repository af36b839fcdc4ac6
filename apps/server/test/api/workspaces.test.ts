import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace, grant, idsOf } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const list = (token: string, query: Record<string, string | number> = {}) =>
  op(ctx.app, 'workspaces.list', { token, query });

describe(`workspaces (${testDbEngine()})`, () => {
  it('create, read, rename and delete', async () => {
    const t = await createTenant(ctx, 'WS Corp');
    const created = await op(ctx.app, 'workspaces.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: ' Newsroom ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Newsroom',
      corporationId: t.corporationId,
      sortIndex: 1,
      permissions: ['read', 'write', 'admin'],
    });
    const id = created.body.id;
    const got = await op(ctx.app, 'workspaces.get', { token: t.user.token, params: { id } });
    expect(got.body).toEqual(created.body);
    const renamed = await op(ctx.app, 'workspaces.update', {
      token: t.user.token,
      params: { id },
      body: { name: 'Sports' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'Sports', sortIndex: 1 });
    expect((await list(t.user.token)).body.items.map((w) => w.name)).toEqual(['WS Corp WS', 'Sports']);
    const del = await op(ctx.app, 'workspaces.remove', { token: t.user.token, params: { id } });
    expect(del.status).toBe(204);
    expectError(
      await op(ctx.app, 'workspaces.get', { token: t.user.token, params: { id } }),
      404,
      'NOT_FOUND',
    );
    expect(idsOf((await list(t.user.token)).body)).toEqual([t.workspaceId]);
  });

  it('search is a case-insensitive substring match; LIKE wildcards are literal', async () => {
    const t = await createTenant(ctx, 'Search Corp');
    const alpha = await createWorkspace(ctx, t.user.token, t.corporationId, 'Alpha Studio');
    const alphabet = await createWorkspace(ctx, t.user.token, t.corporationId, 'the alphabet');
    await createWorkspace(ctx, t.user.token, t.corporationId, 'Beta');
    const found = await list(t.user.token, { search: 'ALPHA' });
    expect(idsOf(found.body).sort()).toEqual([alpha, alphabet].sort());
    expect(found.body.total).toBe(2);
    expect((await list(t.user.token, { search: 'pha stu' })).body.items.map((w) => w.name)).toEqual([
      'Alpha Studio',
    ]);
    expect((await list(t.user.token, { search: '_' })).body.total).toBe(0);
    expect((await list(t.user.token, { search: 'gamma' })).body).toEqual({
      items: [],
      total: 0,
      limit: 50,
      offset: 0,
    });
  });

  it('paginates with limit, offset and total', async () => {
    const t = await createTenant(ctx, 'Page Corp');
    for (const n of [1, 2, 3, 4]) await createWorkspace(ctx, t.user.token, t.corporationId, `Page ${n}`);
    const all = await list(t.user.token);
    expect(all.body.total).toBe(5);
    const pages = [];
    for (const offset of [0, 2, 4]) {
      const page = await list(t.user.token, { limit: 2, offset });
      expect(page.body).toMatchObject({ total: 5, limit: 2, offset });
      pages.push(...idsOf(page.body));
    }
    expect(pages).toEqual(idsOf(all.body));
    const beyond = await list(t.user.token, { limit: 2, offset: 10 });
    expect(beyond.body).toEqual({ items: [], total: 5, limit: 2, offset: 10 });
    // Filtering by corporation gives the same five; the platform admin also sees other tenants'.
    const ofCorp = await list(ctx.owner.token, { corporationId: t.corporationId });
    expect(idsOf(ofCorp.body)).toEqual(idsOf(all.body));
    expect((await list(ctx.owner.token)).body.total).toBeGreaterThan(5);
  });

  it('enforces the quota maxWorkspaces with 403 QUOTA_EXCEEDED', async () => {
    const t = await createTenant(ctx, 'Quota Corp');
    const quota = await op(ctx.app, 'usage.updateQuota', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: { maxWorkspaces: 2 },
    });
    expect(quota.status).toBe(200);
    await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    const third = await op(ctx.app, 'workspaces.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: 'Third' },
    });
    const err = expectError(third, 403, 'QUOTA_EXCEEDED');
    expect(err.message).toContain('2');
    expect((await list(t.user.token)).body.total).toBe(2);
    // Raising the quota lets the next one in.
    await op(ctx.app, 'usage.updateQuota', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: { maxWorkspaces: 3 },
    });
    await createWorkspace(ctx, t.user.token, t.corporationId, 'Third');
    expect((await list(t.user.token)).body.total).toBe(3);
  });

  it('workspace-level permissions reach that workspace only', async () => {
    const t = await createTenant(ctx, 'Scoped Corp');
    const other = await createWorkspace(ctx, t.user.token, t.corporationId, 'Other');
    const editor = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['write']);
    const mine = await list(editor.token);
    expect(mine.body.items.map((w) => [w.id, w.permissions])).toEqual([[t.workspaceId, ['read', 'write']]]);
    expectError(
      await op(ctx.app, 'workspaces.get', { token: editor.token, params: { id: other } }),
      404,
      'NOT_FOUND',
    );
    const renamed = await op(ctx.app, 'workspaces.update', {
      token: editor.token,
      params: { id: t.workspaceId },
      body: { name: 'Edited' },
    });
    expect(renamed.body.name).toBe('Edited');
    const access = await op(ctx.app, 'workspaces.hasAccess', {
      token: editor.token,
      query: { permission: 'admin' },
      params: { id: t.workspaceId },
    });
    expect(access.body).toEqual({ access: false, permissions: ['read', 'write'] });
    // Deleting needs corporation admin, creating needs corporation write.
    expectError(
      await op(ctx.app, 'workspaces.remove', { token: editor.token, params: { id: t.workspaceId } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'workspaces.create', {
        token: editor.token,
        body: { corporationId: t.corporationId, name: 'Mine' },
      }),
      403,
      'FORBIDDEN',
    );
    const members = await op(ctx.app, 'workspaces.members', {
      token: t.user.token,
      params: { id: t.workspaceId },
    });
    expect(members.body.items).toEqual([
      {
        userId: editor.user.id,
        email: editor.user.email,
        name: editor.user.name,
        permissions: ['read', 'write'],
        blocked: false,
      },
    ]);
    const removed = await op(ctx.app, 'workspaces.setUserPermissions', {
      token: t.user.token,
      params: { id: t.workspaceId },
      body: { userId: editor.user.id, permissions: [] },
    });
    expect(removed.status).toBe(204);
    expectError(
      await op(ctx.app, 'workspaces.get', { token: editor.token, params: { id: t.workspaceId } }),
      404,
      'NOT_FOUND',
    );
    expect((await list(editor.token)).body.total).toBe(0);
  });

  it('corporation-level write may create but not delete; workspace admin may grant in the workspace', async () => {
    const t = await createTenant(ctx, 'Writer Corp');
    const writer = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['write']);
    const created = await op(ctx.app, 'workspaces.create', {
      token: writer.token,
      body: { corporationId: t.corporationId, name: 'By writer' },
    });
    expect(created.status).toBe(201);
    expect(created.body.permissions).toEqual(['read', 'write']);
    expectError(
      await op(ctx.app, 'workspaces.remove', { token: writer.token, params: { id: created.body.id } }),
      403,
      'FORBIDDEN',
    );
    const wsAdmin = await createMember(ctx, t.user.token, { workspaceId: created.body.id }, ['admin']);
    // A workspace admin grants in their workspace to people of the corporation (not to strangers).
    const guest = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    await grant(ctx, wsAdmin.token, guest.user.id, { workspaceId: created.body.id }, ['read']);
    const stranger = await createUser(ctx);
    expectError(
      await op(ctx.app, 'workspaces.setUserPermissions', {
        token: wsAdmin.token,
        params: { id: created.body.id },
        body: { userId: stranger.user.id, permissions: ['read'] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const seen = await op(ctx.app, 'workspaces.get', { token: guest.token, params: { id: created.body.id } });
    expect(seen.body.permissions).toEqual(['read']);
  });
});
