import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@stromwerk/contracts/common';
import type { User } from '@stromwerk/contracts/users';
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

const emails = (page: Page<User>) => page.items.map((u) => u.email);

describe(`users (${testDbEngine()})`, () => {
  it('a platform admin lists everyone; search matches name or email, any case; pages add up', async () => {
    const stamp = Date.now();
    const a = await createUser(ctx, { email: `zeta-${stamp}@example.test`, name: 'Ada Quill' });
    const b = await createUser(ctx, { email: `quill-${stamp}@example.test`, name: 'Bob' });
    await createUser(ctx, { email: `other-${stamp}@example.test`, name: 'Carla' });
    const all = await op(ctx.app, 'users.list', { token: ctx.owner.token });
    expect(all.body.total).toBeGreaterThanOrEqual(4);
    expect(emails(all.body)).toContain(ctx.owner.user.email);
    const found = await op(ctx.app, 'users.list', { token: ctx.owner.token, query: { search: 'QUILL' } });
    expect(emails(found.body).sort()).toEqual([a.user.email, b.user.email].sort());
    expect(found.body.total).toBe(2);
    // A LIKE wildcard is taken literally.
    const none = await op(ctx.app, 'users.list', { token: ctx.owner.token, query: { search: '%' } });
    expect(none.body.total).toBe(0);
    const p1 = await op(ctx.app, 'users.list', { token: ctx.owner.token, query: { limit: 2 } });
    const p2 = await op(ctx.app, 'users.list', { token: ctx.owner.token, query: { limit: 2, offset: 2 } });
    expect(p1.body).toMatchObject({ limit: 2, offset: 0, total: all.body.total });
    expect(p1.body.items).toHaveLength(2);
    expect(p2.body.offset).toBe(2);
    expect(emails(p1.body).filter((e) => emails(p2.body).includes(e))).toEqual([]);
  });

  it('a corporation admin lists the members of their corporations only; a plain member sees nobody', async () => {
    const t = await createTenant(ctx, 'Users Corp');
    const member = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['read']);
    const wsOnly = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    const res = await op(ctx.app, 'users.list', { token: t.user.token });
    expect(emails(res.body).sort()).toEqual([t.user.user.email, member.user.email, wsOnly.user.email].sort());
    expect(res.body.total).toBe(3);
    const plain = await op(ctx.app, 'users.list', { token: member.token });
    expect(plain.body).toEqual({ items: [], total: 0, limit: 50, offset: 0 });
    // Visibility of single users follows the same rule.
    expect(
      (await op(ctx.app, 'users.get', { token: t.user.token, params: { id: member.user.id } })).status,
    ).toBe(200);
    expectError(
      await op(ctx.app, 'users.get', { token: member.token, params: { id: t.user.user.id } }),
      404,
      'NOT_FOUND',
    );
    expect(
      (await op(ctx.app, 'users.get', { token: member.token, params: { id: member.user.id } })).status,
    ).toBe(200);
  });

  it('a user changes their own name and language; users.me shows it; language can be cleared', async () => {
    const u = await createUser(ctx);
    const res = await op(ctx.app, 'users.update', {
      token: u.token,
      params: { id: u.user.id },
      body: { name: '  Renée Example ', language: 'de' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Renée Example', language: 'de', email: u.user.email });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(u.user.updatedAt));
    const mine = await op(ctx.app, 'users.me', { token: u.token });
    expect(mine.body).toMatchObject({ name: 'Renée Example', language: 'de' });
    const cleared = await op(ctx.app, 'users.update', {
      token: u.token,
      params: { id: u.user.id },
      body: { language: null },
    });
    expect(cleared.body).toMatchObject({ name: 'Renée Example', language: null });
    // An empty change is valid and changes nothing.
    const same = await op(ctx.app, 'users.update', { token: u.token, params: { id: u.user.id }, body: {} });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ name: 'Renée Example', language: null });
  });

  it('feature flags set by a platform admin appear in users.flags', async () => {
    const u = await createUser(ctx);
    const flag = (name: 'media' | 'api-keys', enabled: 'true' | 'false') =>
      op(ctx.app, 'users.setFeatureFlag', {
        token: ctx.owner.token,
        query: { enabled },
        params: { id: u.user.id, flag: name },
      });
    expect((await op(ctx.app, 'users.flags', { token: u.token })).body).toEqual({
      userId: u.user.id,
      flags: [],
    });
    expect((await flag('media', 'true')).body).toEqual({ userId: u.user.id, flags: ['media'] });
    expect((await flag('api-keys', 'true')).body.flags).toEqual(['api-keys', 'media']);
    expect((await flag('media', 'true')).body.flags).toEqual(['api-keys', 'media']);
    const mine = await op(ctx.app, 'users.flags', { token: u.token });
    expect(mine.body).toEqual({ userId: u.user.id, flags: ['api-keys', 'media'] });
    expect((await flag('media', 'false')).body.flags).toEqual(['api-keys']);
    expect((await op(ctx.app, 'users.flags', { token: u.token })).body.flags).toEqual(['api-keys']);
    const unknown = await op(ctx.app, 'users.setFeatureFlag', {
      token: ctx.owner.token,
      params: { id: '00000000-0000-4000-8000-000000000000', flag: 'media' },
    });
    expectError(unknown, 404, 'NOT_FOUND');
  });

  it('lists a user’s corporations with their permissions, and an empty socials page', async () => {
    const t = await createTenant(ctx, 'Listed Corp');
    const member = await createMember(ctx, t.user.token, { corporationId: t.corporationId }, ['write']);
    const corps = await op(ctx.app, 'users.corporations', {
      token: member.token,
      params: { id: member.user.id },
    });
    expect(corps.body.items.map((c) => [c.id, c.name, c.permissions])).toEqual([
      [t.corporationId, 'Listed Corp', ['read', 'write']],
    ]);
    expect(corps.body.total).toBe(1);
    const byAdmin = await op(ctx.app, 'users.corporations', {
      token: ctx.owner.token,
      params: { id: member.user.id },
    });
    expect(byAdmin.body.items.map((c) => c.id)).toEqual([t.corporationId]);
    const socials = await op(ctx.app, 'users.socials', {
      token: member.token,
      params: { id: member.user.id },
    });
    expect(socials.status).toBe(200);
    expect(socials.body).toEqual({ items: [], total: 0, limit: 50, offset: 0 });
  });
});

describe(`email verifications and password resets (${testDbEngine()})`, () => {
  it('lists, deletes and mails (to the outbox without SMTP) a pending verification', async () => {
    const u = await createUser(ctx);
    const start = await op(ctx.app, 'users.startEmailVerification', {
      token: u.token,
      params: { id: u.user.id },
    });
    expect(start.status).toBe(204);
    expect(start.body).toBeUndefined();
    const outbox = join(ctx.dataDir, 'outbox');
    const file = readdirSync(outbox).find((f) => f.includes(u.user.email));
    expect(file).toBeDefined();
    expect(readFileSync(join(outbox, file!), 'utf8')).toContain('Confirm your email address');
    const list = await op(ctx.app, 'users.listEmailVerifications', { token: u.token });
    expect(list.body.total).toBe(1);
    const item = list.body.items[0]!;
    expect(item).toMatchObject({ userId: u.user.id, email: u.user.email });
    expect(Object.keys(item).sort()).toEqual(['createdAt', 'email', 'expiry', 'id', 'userId']);
    expect(Date.parse(item.expiry) - Date.now()).toBeGreaterThan(47 * 3600_000);
    const del = await op(ctx.app, 'users.deleteEmailVerification', {
      token: u.token,
      params: { id: item.id },
    });
    expect(del.status).toBe(204);
    const after = await op(ctx.app, 'users.listEmailVerifications', { token: u.token });
    expect(after.body.total).toBe(0);
    expectError(
      await op(ctx.app, 'users.deleteEmailVerification', { token: u.token, params: { id: item.id } }),
      404,
      'NOT_FOUND',
    );
  });

  it('lists and deletes a pending password reset; a platform admin sees everyone’s', async () => {
    const u = await createUser(ctx);
    await op(ctx.app, 'users.startPasswordReset', { query: { email: u.user.email } });
    const list = await op(ctx.app, 'users.listPasswordResets', { token: u.token });
    expect(list.body.total).toBe(1);
    const item = list.body.items[0]!;
    expect(Object.keys(item).sort()).toEqual(['createdAt', 'expiry', 'id', 'userId']);
    expect(item.userId).toBe(u.user.id);
    const minutes = (Date.parse(item.expiry) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
    const all = await op(ctx.app, 'users.listPasswordResets', { token: ctx.owner.token });
    expect(all.body.items.map((r) => r.id)).toContain(item.id);
    const del = await op(ctx.app, 'users.deletePasswordReset', { token: u.token, params: { id: item.id } });
    expect(del.status).toBe(204);
    const after = await op(ctx.app, 'users.listPasswordResets', { token: u.token });
    expect(after.body.total).toBe(0);
  });
});
