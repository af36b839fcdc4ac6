import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember } from '../helpers/tenancy';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const create = (userId: string, auth: { token?: string; apiKey?: string }, name = 'CI deploy') =>
  op(ctx.app, 'apiKeys.create', { ...auth, params: { id: userId }, body: { name } });

describe(`API keys (${testDbEngine()})`, () => {
  it('creates a key shown once; it works as `Authorization: Token <key>`', async () => {
    const t = await createTenant(ctx, 'Keyed Corp');
    const res = await create(t.user.user.id, { token: t.user.token });
    expect(res.status).toBe(201);
    const { key, ...rest } = res.body;
    expect(key).toMatch(/^swk_[A-Za-z0-9_-]{40,}$/);
    expect(rest).toMatchObject({
      userId: t.user.user.id,
      name: 'CI deploy',
      prefix: key.slice(0, 10),
      invalidated: false,
      lastUsedAt: null,
    });
    const me = await op(ctx.app, 'users.me', { apiKey: key });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(t.user.user.id);
    // The key acts as its user: it reaches the user's corporation and workspaces.
    const ws = await op(ctx.app, 'workspaces.get', { apiKey: key, params: { id: t.workspaceId } });
    expect(ws.body.name).toBe('Keyed Corp WS');
    const renamed = await op(ctx.app, 'workspaces.update', {
      apiKey: key,
      params: { id: t.workspaceId },
      body: { name: 'Renamed by key' },
    });
    expect(renamed.body.name).toBe('Renamed by key');
  });

  it('lists keys with their prefix and last use, never the key itself', async () => {
    const u = await createUser(ctx);
    const first = await create(u.user.id, { token: u.token }, 'first');
    const second = await create(u.user.id, { token: u.token }, 'second');
    await op(ctx.app, 'users.me', { apiKey: first.body.key });
    const lists = [
      () => op(ctx.app, 'apiKeys.listForUser', { token: u.token, params: { id: u.user.id } }),
      () => op(ctx.app, 'apiKeys.list', { token: u.token }),
    ];
    for (const listKeys of lists) {
      const res = await listKeys();
      expect(res.status).toBe(200);
      expect(res.body.total).toBe(2);
      expect(res.body.items.map((k) => k.name).sort()).toEqual(['first', 'second']);
      const text = JSON.stringify(res.body);
      expect(text).not.toContain(first.body.key);
      expect(text).not.toContain(second.body.key);
      for (const item of res.body.items) {
        expect(Object.keys(item)).not.toContain('key');
        expect(item.prefix).toMatch(/^swk_.{6}$/);
      }
      const used = res.body.items.find((k) => k.name === 'first')!;
      expect(used.prefix).toBe(first.body.key.slice(0, 10));
      expect(used.lastUsedAt).not.toBeNull();
      expect(res.body.items.find((k) => k.name === 'second')!.lastUsedAt).toBeNull();
    }
    // A platform admin may look at a user's keys.
    const byAdmin = await op(ctx.app, 'apiKeys.listForUser', {
      token: ctx.owner.token,
      params: { id: u.user.id },
    });
    expect(byAdmin.body.total).toBe(2);
  });

  it('invalidating a key refuses it afterwards; other keys keep working', async () => {
    const u = await createUser(ctx);
    const doomed = await create(u.user.id, { token: u.token }, 'doomed');
    const kept = await create(u.user.id, { token: u.token }, 'kept');
    const res = await op(ctx.app, 'apiKeys.invalidate', { token: u.token, params: { id: doomed.body.id } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: doomed.body.id, invalidated: true });
    expect(Object.keys(res.body)).not.toContain('key');
    expectError(await op(ctx.app, 'users.me', { apiKey: doomed.body.key }), 401, 'TOKEN_INVALID');
    expect((await op(ctx.app, 'users.me', { apiKey: kept.body.key })).status).toBe(200);
    const list = await op(ctx.app, 'apiKeys.list', { token: u.token });
    expect(list.body.items.find((k) => k.id === doomed.body.id)!.invalidated).toBe(true);
  });

  it('a key cannot create keys, even for its own user', async () => {
    const u = await createUser(ctx);
    const key = await create(u.user.id, { token: u.token });
    const res = await create(u.user.id, { apiKey: key.body.key }, 'minted by a key');
    expectError(res, 403, 'FORBIDDEN');
    const list = await op(ctx.app, 'apiKeys.list', { token: u.token });
    expect(list.body.items.map((k) => k.name)).toEqual(['CI deploy']);
  });

  it('a user cannot create, list or invalidate the keys of another user (404)', async () => {
    const owner = await createUser(ctx);
    const other = await createUser(ctx);
    const key = await create(owner.user.id, { token: owner.token });
    expectError(await create(owner.user.id, { token: other.token }), 404, 'NOT_FOUND');
    expectError(
      await op(ctx.app, 'apiKeys.listForUser', { token: other.token, params: { id: owner.user.id } }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await op(ctx.app, 'apiKeys.invalidate', { token: other.token, params: { id: key.body.id } }),
      404,
      'NOT_FOUND',
    );
    expect((await op(ctx.app, 'users.me', { apiKey: key.body.key })).status).toBe(200);
    const mine = await op(ctx.app, 'apiKeys.list', { token: other.token });
    expect(mine.body.total).toBe(0);
  });

  it('GET /v1/api-keys: a platform admin sees every key with its owner and can search; others their own', async () => {
    const alice = await createUser(ctx);
    const bob = await createUser(ctx);
    const a = await create(alice.user.id, { token: alice.token }, 'alice-deploy');
    await create(bob.user.id, { token: bob.token }, 'bob-backup');
    const all = await op(ctx.app, 'apiKeys.list', { token: ctx.owner.token, query: { limit: 100 } });
    expect(all.status).toBe(200);
    const names = all.body.items.map((k) => k.name);
    expect(names).toEqual(expect.arrayContaining(['alice-deploy', 'bob-backup']));
    expect(all.body.total).toBeGreaterThanOrEqual(2);
    const listed = all.body.items.find((k) => k.id === a.body.id)!;
    expect(listed.owner).toEqual({
      id: alice.user.id,
      name: alice.user.name,
      email: alice.user.email,
      blocked: false,
    });
    expect(JSON.stringify(all.body)).not.toContain(a.body.key);
    // Search by the owner's email and by the key's name.
    const byEmail = await op(ctx.app, 'apiKeys.list', {
      token: ctx.owner.token,
      query: { search: bob.user.email },
    });
    expect(byEmail.body.items.map((k) => k.name)).toEqual(['bob-backup']);
    const byName = await op(ctx.app, 'apiKeys.list', {
      token: ctx.owner.token,
      query: { search: 'alice-dep' },
    });
    expect(byName.body.items.map((k) => k.owner.id)).toEqual([alice.user.id]);
    // Paging counts every match.
    const paged = await op(ctx.app, 'apiKeys.list', { token: ctx.owner.token, query: { limit: 1 } });
    expect(paged.body.items).toHaveLength(1);
    expect(paged.body.total).toBe(all.body.total);
    // Anyone else sees only their own, even when searching for someone else's.
    const mine = await op(ctx.app, 'apiKeys.list', { token: alice.token, query: { search: 'bob' } });
    expect(mine.body.total).toBe(0);
    const own = await op(ctx.app, 'apiKeys.list', { token: alice.token });
    expect(own.body.items.map((k) => k.owner.id)).toEqual([alice.user.id]);
    // The admin invalidates someone else's key from that list; it stops working.
    const res = await op(ctx.app, 'apiKeys.invalidate', {
      token: ctx.owner.token,
      params: { id: a.body.id },
    });
    expect(res.body.invalidated).toBe(true);
    expectError(await op(ctx.app, 'users.me', { apiKey: a.body.key }), 401, 'TOKEN_INVALID');
  });

  it('refuses unknown keys and unknown schemes', async () => {
    expectError(await op(ctx.app, 'users.me', { apiKey: 'swk_made-up-key' }), 401, 'TOKEN_INVALID');
    expectError(
      await op(ctx.app, 'users.me', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }),
      401,
      'TOKEN_INVALID',
    );
    expectError(await op(ctx.app, 'users.me', { headers: { authorization: 'Token' } }), 401, 'TOKEN_INVALID');
  });
});

describe(`API key expiry and scope (${testDbEngine()})`, () => {
  const make = (token: string, userId: string, body: object) =>
    op(ctx.app, 'apiKeys.create', {
      token,
      params: { id: userId },
      body: { name: 'scoped', ...body } as never,
    });

  it('an expired key is refused; an expiry in the past is a 400 naming the field', async () => {
    const u = await createUser(ctx);
    const past = await make(u.token, u.user.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expectError(past, 400, 'VALIDATION_FAILED');
    expect(JSON.stringify(past.body)).toContain('expiresAt');
    const soon = await make(u.token, u.user.id, { expiresAt: new Date(Date.now() + 1500).toISOString() });
    expect(soon.status).toBe(201);
    expect(Date.parse(soon.body.expiresAt!)).toBeGreaterThan(Date.now());
    expect((await op(ctx.app, 'users.me', { apiKey: soon.body.key })).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1600));
    expectError(await op(ctx.app, 'users.me', { apiKey: soon.body.key }), 401, 'TOKEN_INVALID');
  });

  it('a read key of one workspace reads it, cannot write it and cannot see other workspaces', async () => {
    const t = await createTenant(ctx, 'Scoped Corp');
    const other = await op(ctx.app, 'workspaces.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: 'Other' },
    });
    const scope = { corporationId: t.corporationId, workspaceId: t.workspaceId, permission: 'read' };
    const res = await make(t.user.token, t.user.user.id, { scope });
    expect(res.status).toBe(201);
    expect(res.body.scope).toEqual(scope);
    const key = res.body.key;
    expect((await op(ctx.app, 'workspaces.get', { apiKey: key, params: { id: t.workspaceId } })).status).toBe(
      200,
    );
    const write = await op(ctx.app, 'workspaces.update', {
      apiKey: key,
      params: { id: t.workspaceId },
      body: { name: 'nope' },
    });
    expectError(write, 403, 'FORBIDDEN');
    expectError(
      await op(ctx.app, 'workspaces.get', { apiKey: key, params: { id: other.body.id } }),
      404,
      'NOT_FOUND',
    );
    // The corporation itself is out of a workspace key's reach for changes.
    const rename = await op(ctx.app, 'corporations.update', {
      apiKey: key,
      params: { id: t.corporationId },
      body: { name: 'nope' },
    });
    expectError(rename, 403, 'FORBIDDEN');
    // Its lists name nothing outside the scope: not the other workspace, not the user's other corporation.
    await op(ctx.app, 'corporations.create', { token: t.user.token, body: { name: 'Unrelated Corp' } });
    const workspaces = await op(ctx.app, 'workspaces.list', { apiKey: key, query: {} });
    expect(workspaces.body.items.map((w: { id: string }) => w.id)).toEqual([t.workspaceId]);
    expect(workspaces.body.total).toBe(1);
    const corporations = await op(ctx.app, 'corporations.list', { apiKey: key, query: {} });
    expect(corporations.body.items.map((c: { id: string }) => c.id)).toEqual([t.corporationId]);
    // The same user's session still lists everything.
    const all = await op(ctx.app, 'corporations.list', { token: t.user.token, query: {} });
    expect(all.body.total).toBe(2);
  });

  it('a write key of a corporation writes there and reaches no other corporation', async () => {
    const t = await createTenant(ctx, 'Write Scope Corp');
    const second = await op(ctx.app, 'corporations.create', {
      token: t.user.token,
      body: { name: 'Second Corp' },
    });
    const scope = { corporationId: t.corporationId, workspaceId: null, permission: 'write' };
    const key = (await make(t.user.token, t.user.user.id, { scope })).body.key;
    const renamed = await op(ctx.app, 'workspaces.update', {
      apiKey: key,
      params: { id: t.workspaceId },
      body: { name: 'Renamed by scoped key' },
    });
    expect(renamed.status).toBe(200);
    // Write is not admin: the corporation's members stay out of reach.
    expectError(
      await op(ctx.app, 'corporations.invitations', { apiKey: key, params: { id: t.corporationId } }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await op(ctx.app, 'corporations.get', { apiKey: key, params: { id: second.body.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('a scope outside the user’s memberships is refused', async () => {
    const t = await createTenant(ctx, 'Own Scope Corp');
    const stranger = await createTenant(ctx, 'Stranger Corp');
    const res = await make(t.user.token, t.user.user.id, {
      scope: { corporationId: stranger.corporationId, workspaceId: null, permission: 'read' },
    });
    expectError(res, 404, 'NOT_FOUND');
    const reader = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const tooMuch = await make(reader.token, reader.user.id, {
      scope: { corporationId: t.corporationId, workspaceId: null, permission: 'write' },
    });
    expectError(tooMuch, 403, 'FORBIDDEN');
  });

  // Issue 31, item 1: a read-only key could rename its user, drop the avatar, start an email change,
  // list the sessions and change the password, receiving a session token with the user's full rights.
  it('a scoped key reads the account and changes nothing of it; no key touches credentials or sessions', async () => {
    const t = await createTenant(ctx, 'Key Account Corp');
    const scope = { corporationId: t.corporationId, workspaceId: t.workspaceId, permission: 'read' };
    const key = (await make(t.user.token, t.user.user.id, { scope })).body.key;
    const self = { id: t.user.user.id };
    expect((await op(ctx.app, 'users.get', { apiKey: key, params: self })).status).toBe(200);
    expect((await op(ctx.app, 'users.me', { apiKey: key })).status).toBe(200);
    const refused = [
      await op(ctx.app, 'users.update', { apiKey: key, params: self, body: { name: 'Taken over' } }),
      await op(ctx.app, 'users.removeAvatar', { apiKey: key, params: self }),
      await op(ctx.app, 'users.startEmailVerification', { apiKey: key, params: self }),
      await op(ctx.app, 'users.sessions', { apiKey: key }),
      await op(ctx.app, 'users.updatePassword', {
        apiKey: key,
        params: self,
        body: { currentPassword: t.user.password, newPassword: 'another-password-2' },
      }),
      await op(ctx.app, 'corporations.create', { apiKey: key, body: { name: 'Made by a read key' } }),
    ];
    for (const res of refused) expectError(res, 403, 'FORBIDDEN');
    expect(JSON.stringify(refused.map((r) => r.body))).not.toMatch(/"token"/);
    expect((await op(ctx.app, 'users.get', { token: t.user.token, params: self })).body.name).not.toBe(
      'Taken over',
    );
    // An unscoped key acts as its user, but never on credentials or sessions either.
    const full = (await make(t.user.token, t.user.user.id, {})).body.key;
    expect(
      (await op(ctx.app, 'users.update', { apiKey: full, params: self, body: { name: 'Renamed' } })).status,
    ).toBe(200);
    for (const res of [
      await op(ctx.app, 'users.sessions', { apiKey: full }),
      await op(ctx.app, 'users.updatePassword', {
        apiKey: full,
        params: self,
        body: { currentPassword: t.user.password, newPassword: 'another-password-2' },
      }),
      await op(ctx.app, 'apiKeys.create', { apiKey: full, params: self, body: { name: 'more' } as never }),
    ])
      expectError(res, 403, 'FORBIDDEN');
    // The password is unchanged: the user still signs in with it.
    expect(
      (await op(ctx.app, 'users.login', { body: { email: t.user.user.email, password: t.user.password } }))
        .status,
    ).toBe(200);
  });
});
