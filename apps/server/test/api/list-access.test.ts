import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// Issue 12: a workspace's source, target and player lists read their page first and decides access on the caller's memberships
// (read with the session, in the same statement). These are the answers the access service gives, for a
// workspace that has rows (the fast path) and one that has none.
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const list = (token: string, workspaceId: string) =>
  op(ctx.app, 'sources.list', { token, query: { workspaceId } });

describe(`workspace source lists decide access like every other request (${testDbEngine()})`, () => {
  it('strangers, members of another workspace, removed members and blocked corporations are refused at once', async () => {
    const t = await createTenant(ctx, 'List Corp');
    const created = await op(ctx.app, 'sources.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Cam', type: 'rtmp' } as never,
    });
    expect(created.status).toBe(201);
    const empty = await createWorkspace(ctx, t.user.token, t.corporationId, 'Empty');
    const reader = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    const elsewhere = await createMember(ctx, t.user.token, { workspaceId: empty }, ['admin']);
    const stranger = await createUser(ctx);

    expect((await list(reader.token, t.workspaceId)).body.total).toBe(1);
    expect((await list(ctx.owner.token, t.workspaceId)).body.total).toBe(1);
    for (const ws of [t.workspaceId, empty]) expectError(await list(stranger.token, ws), 404, 'NOT_FOUND');
    expectError(await list(elsewhere.token, t.workspaceId), 404, 'NOT_FOUND');
    expectError(await list(reader.token, empty), 404, 'NOT_FOUND');

    // Removing the membership takes effect on the next request: memberships are read per request.
    const removed = await op(ctx.app, 'workspaces.setUserPermissions', {
      token: t.user.token,
      params: { id: t.workspaceId },
      body: { userId: reader.user.id, permissions: [] },
    });
    expect(removed.status).toBe(204);
    expectError(await list(reader.token, t.workspaceId), 404, 'NOT_FOUND');

    const blocked = await op(ctx.app, 'corporations.block', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(blocked.status).toBe(200);
    for (const ws of [t.workspaceId, empty]) {
      expectError(await list(t.user.token, ws), 403, 'CORPORATION_BLOCKED');
    }
    expect((await list(ctx.owner.token, t.workspaceId)).body.total).toBe(1);
  });
});

/** The other lists of one workspace read their page first too: the same answers, and the write flag. */
describe(`workspace target and player lists decide access the same way (${testDbEngine()})`, () => {
  it('members see the page, strangers and other workspaces get 404, a blocked corporation 403', async () => {
    const t = await createTenant(ctx, 'Lists Corp');
    const source = await op(ctx.app, 'sources.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Cam', type: 'rtmp' } as never,
    });
    const target = await op(ctx.app, 'targets.create', {
      token: t.user.token,
      body: {
        workspaceId: t.workspaceId,
        name: 'Out',
        sourceId: source.body.id,
        settings: { type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: 'secret-key-1' },
      } as never,
    });
    expect(target.status).toBe(201);
    const player = await op(ctx.app, 'outputs.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Player' } as never,
    });
    expect(player.status).toBe(201);
    const empty = await createWorkspace(ctx, t.user.token, t.corporationId, 'Empty lists');
    const reader = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    const elsewhere = await createMember(ctx, t.user.token, { workspaceId: empty }, ['admin']);
    const stranger = await createUser(ctx);
    const lists = {
      targets: (token: string, id: string) =>
        op(ctx.app, 'targets.listInWorkspace', { token, params: { id } }),
      outputs: (token: string, id: string) =>
        op(ctx.app, 'outputs.listInWorkspace', { token, params: { id } }),
    };
    for (const [name, list] of Object.entries(lists)) {
      const mine = await list(reader.token, t.workspaceId);
      expect(mine.status, name).toBe(200);
      expect(mine.body.total, name).toBe(1);
      expect((await list(ctx.owner.token, t.workspaceId)).body.total, name).toBe(1);
      expect((await list(elsewhere.token, empty)).body.total, name).toBe(0);
      for (const ws of [t.workspaceId, empty]) expectError(await list(stranger.token, ws), 404, 'NOT_FOUND');
      expectError(await list(elsewhere.token, t.workspaceId), 404, 'NOT_FOUND');
      expectError(await list(reader.token, empty), 404, 'NOT_FOUND');
    }
    // A reader may not change targets; the list says so per row.
    const readerTargets = await lists.targets(reader.token, t.workspaceId);
    expect(readerTargets.body.items[0]).toMatchObject({ id: target.body.id });
    expect(JSON.stringify(readerTargets.body.items[0])).not.toContain('secret-key-1');
    const ownerTargets = await lists.targets(t.user.token, t.workspaceId);
    expect(JSON.stringify(ownerTargets.body.items[0])).toContain('secret-key-1');
    // Past the last page the total still comes.
    const past = await op(ctx.app, 'targets.listInWorkspace', {
      token: reader.token,
      params: { id: t.workspaceId },
      query: { offset: 5 },
    });
    expect(past.body).toMatchObject({ items: [], total: 1 });

    await op(ctx.app, 'corporations.block', { token: ctx.owner.token, params: { id: t.corporationId } });
    for (const list of Object.values(lists)) {
      for (const ws of [t.workspaceId, empty])
        expectError(await list(t.user.token, ws), 403, 'CORPORATION_BLOCKED');
      expect((await list(ctx.owner.token, t.workspaceId)).body.total).toBe(1);
    }
  });
});
