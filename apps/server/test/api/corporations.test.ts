import { features } from '@stromwerk/contracts/permissions';
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

describe(`corporations (${testDbEngine()})`, () => {
  it('create, read, list, rename and delete (corporations.remove is on the singular path)', async () => {
    const u = await createUser(ctx);
    const created = await op(ctx.app, 'corporations.create', {
      token: u.token,
      body: { name: '  Acme Media  ' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Acme Media',
      blocked: false,
      features: [...features],
      permissions: ['read', 'write', 'admin'],
    });
    const id = created.body.id;
    const ws = await createWorkspace(ctx, u.token, id, 'Studio');
    const got = await op(ctx.app, 'corporations.get', { token: u.token, params: { id } });
    expect(got.body).toEqual(created.body);
    const list = await op(ctx.app, 'corporations.list', { token: u.token });
    expect(idsOf(list.body)).toEqual([id]);
    const searched = await op(ctx.app, 'corporations.list', {
      token: ctx.owner.token,
      query: { search: 'acme' },
    });
    expect(idsOf(searched.body)).toEqual([id]);
    const renamed = await op(ctx.app, 'corporations.update', {
      token: u.token,
      params: { id },
      body: { name: 'Acme' },
    });
    expect(renamed.body).toMatchObject({ id, name: 'Acme', features: [...features] });
    const del = await op(ctx.app, 'corporations.remove', { token: u.token, params: { id } });
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expectError(await op(ctx.app, 'corporations.get', { token: u.token, params: { id } }), 404, 'NOT_FOUND');
    // Its workspaces went with it, for the platform admin too.
    expectError(
      await op(ctx.app, 'workspaces.get', { token: ctx.owner.token, params: { id: ws } }),
      404,
      'NOT_FOUND',
    );
    expect((await op(ctx.app, 'corporations.list', { token: u.token })).body.total).toBe(0);
  });

  it('features change only by a platform admin', async () => {
    const t = await createTenant(ctx, 'Feature Corp');
    const byOwnAdmin = await op(ctx.app, 'corporations.update', {
      token: t.user.token,
      params: { id: t.corporationId },
      body: { features: ['media'] },
    });
    expectError(byOwnAdmin, 403, 'FORBIDDEN');
    const unchanged = await op(ctx.app, 'corporations.get', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(unchanged.body.features).toEqual([...features]);
    const byPlatform = await op(ctx.app, 'corporations.update', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
      body: { features: ['media', 'sources'] },
    });
    expect(byPlatform.status).toBe(200);
    expect(byPlatform.body.features).toEqual(['media', 'sources']);
    const seen = await op(ctx.app, 'corporations.get', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(seen.body.features).toEqual(['media', 'sources']);
  });

  it('has-access answers for the caller, defaulting to read', async () => {
    const t = await createTenant(ctx, 'Access Corp');
    const reader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const ask = (token: string, permission?: 'read' | 'write' | 'admin') =>
      op(ctx.app, 'corporations.hasAccess', {
        token,
        query: permission ? { permission } : {},
        params: { id: t.corporationId },
      });
    expect((await ask(reader.token)).body).toEqual({ access: true, permissions: ['read'] });
    expect((await ask(reader.token, 'write')).body).toEqual({ access: false, permissions: ['read'] });
    expect((await ask(t.user.token, 'admin')).body).toEqual({
      access: true,
      permissions: ['read', 'write', 'admin'],
    });
    expect((await ask(ctx.owner.token, 'admin')).body).toEqual({
      access: true,
      permissions: ['read', 'write', 'admin'],
    });
  });

  it('set-user-permissions: grant read shows the workspaces, removal hides the corporation, last admin stays', async () => {
    const t = await createTenant(ctx, 'Grant Corp');
    const u = await createUser(ctx);
    expect((await op(ctx.app, 'workspaces.list', { token: u.token })).body.total).toBe(0);
    // A corporation admin cannot put a stranger into the corporation (that takes an accepted invitation),
    // and gets the same answer as for a user who does not exist.
    for (const userId of [u.user.id, '00000000-0000-4000-8000-000000000000']) {
      expectError(
        await op(ctx.app, 'corporations.setUserPermissions', {
          token: t.user.token,
          params: { id: t.corporationId },
          body: { userId, permissions: ['read'] },
        }),
        400,
        'VALIDATION_FAILED',
        'userId',
      );
    }
    // A platform administrator may.
    await grant(ctx, ctx.owner.token, u.user.id, { corporationId: t.corporationId }, ['read']);
    const wss = await op(ctx.app, 'workspaces.list', { token: u.token });
    expect(wss.body.items.map((w) => [w.id, w.permissions])).toEqual([[t.workspaceId, ['read']]]);
    const members = await op(ctx.app, 'corporations.members', {
      token: u.token,
      params: { id: t.corporationId },
    });
    expect(members.body.items.find((m) => m.userId === u.user.id)).toEqual({
      userId: u.user.id,
      email: u.user.email,
      name: u.user.name,
      permissions: ['read'],
      blocked: false,
    });
    expect(members.body.total).toBe(2);
    // Granting admin implies write and read.
    await grant(ctx, t.user.token, u.user.id, { corporationId: t.corporationId }, ['admin']);
    const asAdmin = await op(ctx.app, 'corporations.get', {
      token: u.token,
      params: { id: t.corporationId },
    });
    expect(asAdmin.body.permissions).toEqual(['read', 'write', 'admin']);
    await grant(ctx, t.user.token, u.user.id, { corporationId: t.corporationId }, []);
    expectError(
      await op(ctx.app, 'corporations.get', { token: u.token, params: { id: t.corporationId } }),
      404,
      'NOT_FOUND',
    );
    expect((await op(ctx.app, 'workspaces.list', { token: u.token })).body.total).toBe(0);
    // The only admin cannot remove or demote themself.
    for (const permissions of [[], ['write' as const]]) {
      const res = await op(ctx.app, 'corporations.setUserPermissions', {
        token: t.user.token,
        params: { id: t.corporationId },
        body: { userId: t.user.user.id, permissions },
      });
      expectError(res, 409, 'CONFLICT');
    }
    const still = await op(ctx.app, 'corporations.get', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(still.body.permissions).toEqual(['read', 'write', 'admin']);
  });

  it('with a second admin, the first may step down', async () => {
    const t = await createTenant(ctx, 'Handover Corp');
    const next = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['admin']);
    const res = await op(ctx.app, 'corporations.setUserPermissions', {
      token: next.token,
      params: { id: t.corporationId },
      body: { userId: t.user.user.id, permissions: ['read'] },
    });
    expect(res.status).toBe(204);
    const access = await op(ctx.app, 'corporations.hasAccess', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(access.body).toEqual({ access: true, permissions: ['read'] });
  });

  it('set-workspace-sorting orders the corporation’s workspaces and rejects a foreign one', async () => {
    const t = await createTenant(ctx, 'Sort Corp');
    const b = await createWorkspace(ctx, t.user.token, t.corporationId, 'B');
    const c = await createWorkspace(ctx, t.user.token, t.corporationId, 'C');
    const order = async () =>
      (
        await op(ctx.app, 'corporations.workspaces', { token: t.user.token, params: { id: t.corporationId } })
      ).body.items.map((w) => [w.id, w.sortIndex]);
    expect(await order()).toEqual([
      [t.workspaceId, 0],
      [b, 1],
      [c, 2],
    ]);
    const sorted = await op(ctx.app, 'corporations.setWorkspaceSorting', {
      token: t.user.token,
      params: { id: t.corporationId },
      body: { workspaceIds: [c, t.workspaceId, b] },
    });
    expect(sorted.status).toBe(204);
    expect(await order()).toEqual([
      [c, 0],
      [t.workspaceId, 1],
      [b, 2],
    ]);
    const foreign = await op(ctx.app, 'corporations.setWorkspaceSorting', {
      token: t.user.token,
      params: { id: t.corporationId },
      body: { workspaceIds: [b, ctx.owner.workspaceId] },
    });
    expectError(foreign, 400, 'VALIDATION_FAILED', 'workspaceIds');
    expect((await order()).map(([id]) => id)).toEqual([c, t.workspaceId, b]);
    // The foreign workspace kept its place too.
    const mine = await op(ctx.app, 'workspaces.get', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
    });
    expect(mine.body.sortIndex).toBe(0);
  });
});

describe(`blocked corporations (${testDbEngine()})`, () => {
  it('members get 403 CORPORATION_BLOCKED; the platform admin still sees it; unblock restores', async () => {
    const t = await createTenant(ctx, 'Blocked Corp');
    const reader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const mine = { token: t.user.token };
    const source = await op(ctx.app, 'sources.create', {
      ...mine,
      body: { workspaceId: t.workspaceId, name: 'Before', type: 'rtmp' },
    });
    const player = await op(ctx.app, 'outputs.create', {
      ...mine,
      body: { workspaceId: t.workspaceId, name: 'P' },
    });
    expect([source.status, player.status]).toEqual([201, 201]);
    const blocked = await op(ctx.app, 'corporations.block', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body).toMatchObject({ id: t.corporationId, blocked: true });
    for (const token of [t.user.token, reader.token]) {
      const corp = { id: t.corporationId };
      const ws = { id: t.workspaceId };
      for (const [operation, params] of [
        ['corporations.get', corp],
        ['corporations.workspaces', corp],
        ['workspaces.get', ws],
        ['usage.ofWorkspace', ws],
      ] as const) {
        expectError(await op(ctx.app, operation, { token, params }), 403, 'CORPORATION_BLOCKED');
      }
      const wss = await op(ctx.app, 'workspaces.list', { token });
      expect(idsOf(wss.body)).not.toContain(t.workspaceId);
    }
    const created = await op(ctx.app, 'workspaces.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: 'Sneaky' },
    });
    expectError(created, 403, 'CORPORATION_BLOCKED');
    // Rows decided on their own workspace and corporation (issue 32) are refused alike: the caller's
    // memberships carry the blocked flag.
    const sourceId = { id: (source.body as { id: string }).id };
    const playerId = { id: (player.body as { id: string }).id };
    for (const refused of [
      await op(ctx.app, 'sources.get', { ...mine, params: sourceId }),
      await op(ctx.app, 'sources.update', { ...mine, params: sourceId, body: { name: 'After' } }),
      await op(ctx.app, 'outputs.update', { ...mine, params: playerId, body: { name: 'After' } }),
      await op(ctx.app, 'sources.create', {
        ...mine,
        body: { workspaceId: t.workspaceId, name: 'No', type: 'rtmp' },
      }),
      await op(ctx.app, 'targets.create', {
        ...mine,
        body: {
          workspaceId: t.workspaceId,
          name: 'No',
          sourceId: sourceId.id,
          settings: { type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: 'k' },
        },
      }),
    ])
      expectError(refused, 403, 'CORPORATION_BLOCKED');
    const byAdmin = await op(ctx.app, 'corporations.get', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(byAdmin.body).toMatchObject({ name: 'Blocked Corp', blocked: true });
    const adminWss = await op(ctx.app, 'corporations.workspaces', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(idsOf(adminWss.body)).toEqual([t.workspaceId]);

    const unblocked = await op(ctx.app, 'corporations.unblock', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(unblocked.body.blocked).toBe(false);
    const again = await op(ctx.app, 'corporations.get', {
      token: reader.token,
      params: { id: t.corporationId },
    });
    expect(again.body).toMatchObject({ blocked: false, permissions: ['read'] });
  });
});

describe(`blocked users in member lists (${testDbEngine()})`, () => {
  it('a blocked member is listed with blocked: true, so administrators see it', async () => {
    const t = await createTenant(ctx, 'Blocked Member Corp');
    const u = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const blocked = await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: u.user.id } });
    expect(blocked.status).toBe(200);
    const members = await op(ctx.app, 'corporations.members', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    const byId = new Map(members.body.items.map((m) => [m.userId, m.blocked]));
    expect(byId.get(u.user.id)).toBe(true);
    expect(byId.get(t.user.user.id)).toBe(false);
  });
});

describe(`all memberships of a corporation (${testDbEngine()})`, () => {
  it('lists corporation-level and workspace memberships in one answer, for corporation admins only', async () => {
    const t = await createTenant(ctx, 'Memberships Corp');
    const second = await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    const corpReader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const wsWriter = await createMember(ctx, t.user.token, { workspaceId: second }, ['write']);
    // A corporation member who also holds more in one workspace: two entries.
    await grant(ctx, t.user.token, corpReader.user.id, { workspaceId: t.workspaceId }, ['admin']);

    const res = await op(ctx.app, 'corporations.memberships', {
      token: t.user.token,
      params: { id: t.corporationId },
      query: { limit: 100 },
    });
    expect(res.status).toBe(200);
    const entries = res.body.items.map((m) => [m.userId, m.workspaceId, m.permissions]);
    expect(entries).toEqual(
      expect.arrayContaining([
        [t.user.user.id, null, ['read', 'write', 'admin']],
        [corpReader.user.id, null, ['read']],
        [corpReader.user.id, t.workspaceId, ['read', 'write', 'admin']],
        [wsWriter.user.id, second, ['read', 'write']],
      ]),
    );
    expect(res.body.total).toBe(res.body.items.length);
    // Sorted by email, the corporation level first for each person.
    const ofReader = res.body.items.filter((m) => m.userId === corpReader.user.id);
    expect(ofReader.map((m) => m.workspaceId)).toEqual([null, t.workspaceId]);
    const emails = res.body.items.map((m) => m.email);
    expect(emails).toEqual([...emails].sort());
    // Paged: every page counts all of them.
    const paged = await op(ctx.app, 'corporations.memberships', {
      token: t.user.token,
      params: { id: t.corporationId },
      query: { limit: 1, offset: 1 },
    });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(res.body.total);

    // Not for readers, workspace admins or other tenants.
    const asReader = await op(ctx.app, 'corporations.memberships', {
      token: corpReader.token,
      params: { id: t.corporationId },
    });
    expectError(asReader, 403, 'FORBIDDEN');
    const other = await createTenant(ctx, 'Other Memberships Corp');
    const asStranger = await op(ctx.app, 'corporations.memberships', {
      token: other.user.token,
      params: { id: t.corporationId },
    });
    expectError(asStranger, 404, 'NOT_FOUND');
  });
});
