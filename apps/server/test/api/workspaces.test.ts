import type { Page } from '@stromwerk/contracts/common';
import type { Member } from '@stromwerk/contracts/permissions';
import type { Workspace } from '@stromwerk/contracts/workspaces';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { createMember, createWorkspace, grant, idsOf } from '../helpers/tenancy';
import { call, createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const list = (token: string, query: Record<string, string | number> = {}) =>
  call<Page<Workspace>>(ctx.app, 'GET', '/v1/workspaces', { token, query });

describe(`workspaces (${testDbEngine()})`, () => {
  it('create, read, rename and delete', async () => {
    const t = await createTenant(ctx, 'WS Corp');
    const created = await call<Workspace>(ctx.app, 'POST', '/v1/workspaces', {
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
    const got = await call<Workspace>(ctx.app, 'GET', `/v1/workspaces/${id}`, { token: t.user.token });
    expect(got.body).toEqual(created.body);
    const renamed = await call<Workspace>(ctx.app, 'PUT', `/v1/workspaces/${id}`, {
      token: t.user.token,
      body: { name: 'Sports' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'Sports', sortIndex: 1 });
    expect((await list(t.user.token)).body.items.map((w) => w.name)).toEqual(['WS Corp WS', 'Sports']);
    const del = await call(ctx.app, 'DELETE', `/v1/workspaces/${id}`, { token: t.user.token });
    expect(del.status).toBe(204);
    expectError(
      await call(ctx.app, 'GET', `/v1/workspaces/${id}`, { token: t.user.token }),
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
    const quota = await call(ctx.app, 'PUT', `/v1/corporations/${t.corporationId}/quota`, {
      token: ctx.owner.token,
      body: { maxWorkspaces: 2 },
    });
    expect(quota.status).toBe(200);
    await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    const third = await call(ctx.app, 'POST', '/v1/workspaces', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: 'Third' },
    });
    const err = expectError(third, 403, 'QUOTA_EXCEEDED');
    expect(err.message).toContain('2');
    expect((await list(t.user.token)).body.total).toBe(2);
    // Raising the quota lets the next one in.
    await call(ctx.app, 'PUT', `/v1/corporations/${t.corporationId}/quota`, {
      token: ctx.owner.token,
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
      await call(ctx.app, 'GET', `/v1/workspaces/${other}`, { token: editor.token }),
      404,
      'NOT_FOUND',
    );
    const renamed = await call<Workspace>(ctx.app, 'PUT', `/v1/workspaces/${t.workspaceId}`, {
      token: editor.token,
      body: { name: 'Edited' },
    });
    expect(renamed.body.name).toBe('Edited');
    const access = await call(ctx.app, 'GET', `/v1/workspaces/${t.workspaceId}/has-access`, {
      token: editor.token,
      query: { permission: 'admin' },
    });
    expect(access.body).toEqual({ access: false, permissions: ['read', 'write'] });
    // Deleting needs corporation admin, creating needs corporation write.
    expectError(
      await call(ctx.app, 'DELETE', `/v1/workspaces/${t.workspaceId}`, { token: editor.token }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await call(ctx.app, 'POST', '/v1/workspaces', {
        token: editor.token,
        body: { corporationId: t.corporationId, name: 'Mine' },
      }),
      403,
      'FORBIDDEN',
    );
    const members = await call<Page<Member>>(ctx.app, 'GET', `/v1/workspaces/${t.workspaceId}/members`, {
      token: t.user.token,
    });
    expect(members.body.items).toEqual([
      {
        userId: editor.user.id,
        email: editor.user.email,
        name: editor.user.name,
        permissions: ['read', 'write'],
      },
    ]);
    const removed = await call(ctx.app, 'PUT', `/v1/workspaces/${t.workspaceId}/set-user-permissions`, {
      token: t.user.token,
      body: { userId: editor.user.id, permissions: [] },
    });
    expect(removed.status).toBe(204);
    expectError(
      await call(ctx.app, 'GET', `/v1/workspaces/${t.workspaceId}`, { token: editor.token }),
      404,
      'NOT_FOUND',
    );
    expect((await list(editor.token)).body.total).toBe(0);
  });

  it('corporation-level write may create but not delete; workspace admin may grant in the workspace', async () => {
    const t = await createTenant(ctx, 'Writer Corp');
    const writer = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['write']);
    const created = await call<Workspace>(ctx.app, 'POST', '/v1/workspaces', {
      token: writer.token,
      body: { corporationId: t.corporationId, name: 'By writer' },
    });
    expect(created.status).toBe(201);
    expect(created.body.permissions).toEqual(['read', 'write']);
    expectError(
      await call(ctx.app, 'DELETE', `/v1/workspaces/${created.body.id}`, { token: writer.token }),
      403,
      'FORBIDDEN',
    );
    const wsAdmin = await createMember(ctx, t.user.token, { workspaceId: created.body.id }, ['admin']);
    // A workspace admin grants in their workspace to people of the corporation (not to strangers).
    const guest = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    await grant(ctx, wsAdmin.token, guest.user.id, { workspaceId: created.body.id }, ['read']);
    const stranger = await createUser(ctx);
    expectError(
      await call(ctx.app, 'PUT', `/v1/workspaces/${created.body.id}/set-user-permissions`, {
        token: wsAdmin.token,
        body: { userId: stranger.user.id, permissions: ['read'] },
      }),
      400,
      'VALIDATION_FAILED',
    );
    const seen = await call<Workspace>(ctx.app, 'GET', `/v1/workspaces/${created.body.id}`, {
      token: guest.token,
    });
    expect(seen.body.permissions).toEqual(['read']);
  });
});
