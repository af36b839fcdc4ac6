import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StromwerkApp } from '../../src/app';
import type { SessionsRepository } from '../../src/modules/sessions/sessions.repository';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { secondApp } from '../helpers/second-app';
import { createMember } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * The identity cache (modules/access/identity-cache.ts) answers repeated callers without a statement; every
 * change to what it holds must be refused or visible on the very next request, in this process and (on
 * PostgreSQL) in another server process on the same database.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
  await waitActive(ctx.app);
});
afterAll(() => ctx.close());

/** On PostgreSQL the cache serves only once its listening connection is up. */
async function waitActive(app: StromwerkApp) {
  await vi.waitFor(() => expect(app.services.identity.active).toBe(true), { timeout: 10_000 });
}

const me = (app: StromwerkApp, auth: { token?: string; apiKey?: string }) => op(app, 'users.me', auth);
const sourcesOf = (app: StromwerkApp, token: string, workspaceId: string) =>
  op(app, 'sources.listInWorkspace', { token, params: { id: workspaceId } });

/** Calls twice, so the second answer surely came from the cache, and checks both were allowed. */
async function warm(call: () => Promise<{ status: number }>) {
  expect((await call()).status).toBe(200);
  expect((await call()).status).toBe(200);
}

describe(`identity cache in one process (${testDbEngine()})`, () => {
  it('answers a repeated caller without reading the session again', async () => {
    const u = await createUser(ctx);
    const repo = (ctx.app.services.sessions as unknown as { repo: SessionsRepository }).repo;
    const lookups = vi.spyOn(repo, 'withUser');
    for (let i = 0; i < 5; i++) expect((await me(ctx.app, { token: u.token })).status).toBe(200);
    expect(lookups).toHaveBeenCalledTimes(1);
    lookups.mockRestore();
  });

  it('refuses a logged-out or ended session on the next request', async () => {
    const u = await createUser(ctx);
    const other = await op(ctx.app, 'users.login', { body: { email: u.user.email, password: u.password } });
    await warm(() => me(ctx.app, { token: u.token }));
    await warm(() => me(ctx.app, { token: other.body.token }));
    expect((await op(ctx.app, 'users.logout', { token: u.token })).status).toBe(204);
    expectError(await me(ctx.app, { token: u.token }), 401, 'TOKEN_INVALID');
    const sessionId = other.body.token.split('.')[0]!;
    const third = await op(ctx.app, 'users.login', { body: { email: u.user.email, password: u.password } });
    const ended = await op(ctx.app, 'users.endSession', {
      token: third.body.token,
      params: { id: sessionId },
    });
    expect(ended.status).toBe(204);
    expectError(await me(ctx.app, { token: other.body.token }), 401, 'TOKEN_INVALID');
    expect((await me(ctx.app, { token: third.body.token })).status).toBe(200);
  });

  it('refuses every session after a password change, and shows a new name at once', async () => {
    const u = await createUser(ctx);
    await warm(() => me(ctx.app, { token: u.token }));
    const renamed = await op(ctx.app, 'users.update', {
      token: u.token,
      params: { id: u.user.id },
      body: { name: 'Renamed Person' },
    });
    expect(renamed.status).toBe(200);
    expect((await me(ctx.app, { token: u.token })).body.name).toBe('Renamed Person');
    const changed = await op(ctx.app, 'users.updatePassword', {
      token: u.token,
      params: { id: u.user.id },
      body: { currentPassword: u.password, newPassword: 'another-password-9' },
    });
    expect(changed.status).toBe(200);
    expectError(await me(ctx.app, { token: u.token }), 401, 'TOKEN_INVALID');
    expect((await me(ctx.app, { token: changed.body.token })).status).toBe(200);
  });

  it('refuses a blocked user and an invalidated API key on the next request', async () => {
    const u = await createUser(ctx);
    const key = await op(ctx.app, 'apiKeys.create', {
      token: u.token,
      params: { id: u.user.id },
      body: { name: 'k' },
    });
    const key2 = await op(ctx.app, 'apiKeys.create', {
      token: u.token,
      params: { id: u.user.id },
      body: { name: 'k2' },
    });
    await warm(() => me(ctx.app, { apiKey: key2.body.key }));
    const gone = await op(ctx.app, 'apiKeys.invalidate', { token: u.token, params: { id: key2.body.id } });
    expect(gone.status).toBe(200);
    expectError(await me(ctx.app, { apiKey: key2.body.key }), 401, 'TOKEN_INVALID');

    await warm(() => me(ctx.app, { token: u.token }));
    await warm(() => me(ctx.app, { apiKey: key.body.key }));
    expect(
      (await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: u.user.id } })).status,
    ).toBe(200);
    expectError(await me(ctx.app, { token: u.token }), 401, 'TOKEN_INVALID');
    expectError(await me(ctx.app, { apiKey: key.body.key }), 403, 'USER_BLOCKED');
    await op(ctx.app, 'users.unblock', { token: ctx.owner.token, params: { id: u.user.id } });
    expect((await me(ctx.app, { apiKey: key.body.key })).status).toBe(200);
  });

  it('applies a removed or lowered membership and a blocked corporation on the next request', async () => {
    const t = await createTenant(ctx, 'Cache Corp');
    const reader = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    const writer = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['write']);
    await warm(() => sourcesOf(ctx.app, reader.token, t.workspaceId));
    await warm(() => sourcesOf(ctx.app, writer.token, t.workspaceId));

    const removed = await op(ctx.app, 'workspaces.setUserPermissions', {
      token: t.user.token,
      params: { id: t.workspaceId },
      body: { userId: reader.user.id, permissions: [] },
    });
    expect(removed.status).toBe(204);
    expectError(await sourcesOf(ctx.app, reader.token, t.workspaceId), 404, 'NOT_FOUND');

    const create = () =>
      op(ctx.app, 'sources.create', {
        token: writer.token,
        body: { workspaceId: t.workspaceId, name: 'cam', type: 'rtmp' } as never,
      });
    expect((await create()).status).toBe(201);
    const lowered = await op(ctx.app, 'workspaces.setUserPermissions', {
      token: t.user.token,
      params: { id: t.workspaceId },
      body: { userId: writer.user.id, permissions: ['read'] },
    });
    expect(lowered.status).toBe(204);
    expectError(await create(), 403, 'FORBIDDEN');

    await warm(() => sourcesOf(ctx.app, t.user.token, t.workspaceId));
    const blocked = await op(ctx.app, 'corporations.block', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(blocked.status).toBe(200);
    expectError(await sourcesOf(ctx.app, t.user.token, t.workspaceId), 403, 'CORPORATION_BLOCKED');
    expectError(await sourcesOf(ctx.app, writer.token, t.workspaceId), 403, 'CORPORATION_BLOCKED');
  });

  it('gives a new corporation and an accepted invitation to the creator and invitee at once', async () => {
    const u = await createUser(ctx);
    await warm(() => me(ctx.app, { token: u.token }));
    const corp = await op(ctx.app, 'corporations.create', { token: u.token, body: { name: 'Fresh' } });
    expect(corp.status).toBe(201);
    const ws = await op(ctx.app, 'workspaces.create', {
      token: u.token,
      body: { corporationId: corp.body.id, name: 'Fresh WS' },
    });
    expect(ws.status).toBe(201);
    const invitee = await createUser(ctx);
    await warm(() => me(ctx.app, { token: invitee.token }));
    expectError(await sourcesOf(ctx.app, invitee.token, ws.body.id), 404, 'NOT_FOUND');
    const invited = await op(ctx.app, 'invitations.create', {
      token: u.token,
      body: {
        corporationId: corp.body.id,
        workspaceId: ws.body.id,
        email: invitee.user.email,
        permissions: ['read'],
      },
    });
    const accepted = await op(ctx.app, 'invitations.respond', {
      token: invitee.token,
      params: { id: invited.body.id },
      body: { accept: true, code: invited.body.code },
    });
    expect(accepted.status).toBe(200);
    expect((await sourcesOf(ctx.app, invitee.token, ws.body.id)).status).toBe(200);
  });
});

describe.skipIf(testDbEngine() !== 'postgresql')('identity cache across two processes (postgresql)', () => {
  let b: Awaited<ReturnType<typeof secondApp>>;
  beforeAll(async () => {
    b = await secondApp(ctx.databaseUrl!);
    await waitActive(b.app);
  });
  afterAll(() => b?.close());

  it('another process refuses an ended session and a blocked user on the next request', async () => {
    const u = await createUser(ctx);
    const v = await createUser(ctx);
    await warm(() => me(b.app, { token: u.token }));
    await warm(() => me(b.app, { token: v.token }));
    expect((await op(ctx.app, 'users.logout', { token: u.token })).status).toBe(204);
    expectError(await me(b.app, { token: u.token }), 401, 'TOKEN_INVALID');
    expect(
      (await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: v.user.id } })).status,
    ).toBe(200);
    expectError(await me(b.app, { token: v.token }), 401, 'TOKEN_INVALID');
  });

  it('another process applies a removed membership and a blocked corporation on the next request', async () => {
    const t = await createTenant(ctx, 'Two Process Corp');
    const reader = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    await warm(() => sourcesOf(b.app, reader.token, t.workspaceId));
    await warm(() => sourcesOf(b.app, t.user.token, t.workspaceId));
    const removed = await op(ctx.app, 'workspaces.setUserPermissions', {
      token: t.user.token,
      params: { id: t.workspaceId },
      body: { userId: reader.user.id, permissions: [] },
    });
    expect(removed.status).toBe(204);
    expectError(await sourcesOf(b.app, reader.token, t.workspaceId), 404, 'NOT_FOUND');
    const blocked = await op(ctx.app, 'corporations.block', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(blocked.status).toBe(200);
    expectError(await sourcesOf(b.app, t.user.token, t.workspaceId), 403, 'CORPORATION_BLOCKED');
  });

  it('stops serving from the cache while its listening connection is down', async () => {
    const identity = b.app.services.identity;
    identity.listening(false);
    expect(identity.size).toBe(0);
    const u = await createUser(ctx);
    await warm(() => me(b.app, { token: u.token }));
    expect(identity.size).toBe(0);
    identity.listening(true);
  });
});
