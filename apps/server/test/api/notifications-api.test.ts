import type { BrokerCredentials } from '@stromwerk/contracts/notifications';
import { NOTIFICATION_MAX_PER_USER } from '@stromwerk/contracts/notifications';
import { topics } from '@stromwerk/contracts/topics';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { notifications as notificationsTable } from '../../src/db/schema/notifications';
import { expectError } from '../helpers/expect-error';
import { connectMqtt, listen, sleep } from '../helpers/mqtt';
import { op, routeOf } from '../helpers/route-call';
import { grant } from '../helpers/tenancy';
import { call, createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
type User = Awaited<ReturnType<typeof createUser>>;
let ctx: TestContext;
let origin: string;
let a: Tenant;
let b: Tenant;
let invitee: User;

const list = async (token: string, query: Record<string, string | number | boolean> = {}) =>
  (await op(ctx.app, 'notifications.list', { token, query })).body;
/** Notifications are stored by an event listener after the response: wait until `total` is reached. */
const listed = (token: string, total: number) =>
  vi.waitFor(
    async () => {
      const page = await list(token);
      expect(page.total).toBe(total);
      return page;
    },
    { timeout: 3000, interval: 25 },
  );

beforeAll(async () => {
  ctx = await createTestApp();
  ({ origin } = await listen(ctx.app));
  a = await createTenant(ctx, 'Tenant A');
  b = await createTenant(ctx, 'Tenant B');
  invitee = await createUser(ctx, { emailVerified: true });
});
afterAll(() => ctx.close());

describe(`stored notifications (${testDbEngine()})`, () => {
  it('stores an invitation for an existing account; only its recipient can read and delete it', async () => {
    const sent = await op(ctx.app, 'invitations.create', {
      token: a.user.token,
      body: { corporationId: a.corporationId, email: invitee.user.email, permissions: ['write'] },
    });
    expect(sent.status).toBe(201);
    const page = await listed(invitee.token, 1);
    const [item] = page.items;
    expect(item).toMatchObject({
      userId: invitee.user.id,
      kind: 'invitation-received',
      corporationId: a.corporationId,
      entity: 'invitation',
      entityId: sent.body.id,
      ready: true,
      notBefore: null,
      data: { corporationName: 'Tenant A', permissions: ['write'] },
    });

    const params = { id: item!.id };
    expect((await op(ctx.app, 'notifications.get', { token: invitee.token, params })).body).toEqual(item);
    expectError(await op(ctx.app, 'notifications.get', { token: b.user.token, params }), 404, 'NOT_FOUND');
    expectError(await op(ctx.app, 'notifications.remove', { token: a.user.token, params }), 404, 'NOT_FOUND');
    expect((await list(b.user.token)).items.map((n) => n.id)).not.toContain(item!.id);

    expect((await op(ctx.app, 'notifications.remove', { token: invitee.token, params })).status).toBe(204);
    expectError(await op(ctx.app, 'notifications.get', { token: invitee.token, params }), 404, 'NOT_FOUND');
  });

  it('stores nothing for an invitee without an account (they get the e-mail only)', async () => {
    const before = (await list(a.user.token)).total;
    await op(ctx.app, 'invitations.create', {
      token: a.user.token,
      body: { corporationId: a.corporationId, email: 'nobody-yet@example.test', permissions: ['read'] },
    });
    await sleep(300);
    expect((await list(a.user.token)).total).toBe(before);
  });

  it('tells a member about a changed and a removed membership, scoped to the corporation list', async () => {
    const member = await createUser(ctx);
    // A platform administrator puts a user into a workspace (corporation admins invite instead).
    await grant(ctx, ctx.owner.token, member.user.id, { workspaceId: a.workspaceId }, ['read']);
    await listed(member.token, 1);
    const scoped = await op(ctx.app, 'notifications.listOfCorporation', {
      token: member.token,
      params: { id: a.corporationId },
    });
    expect(scoped.body.items.map((n) => [n.kind, n.workspaceId, n.data.permissions])).toEqual([
      ['membership-changed', a.workspaceId, ['read']],
    ]);

    await grant(ctx, a.user.token, member.user.id, { workspaceId: a.workspaceId }, []);
    const all = await listed(member.token, 2);
    expect(all.items.map((n) => n.kind)).toEqual(['membership-removed', 'membership-changed']);
    expect(all.items[0]).toMatchObject({ corporationId: null, data: { corporationId: a.corporationId } });
    // No longer a member: the corporation's list is closed to them, the general list still has it.
    expectError(
      await op(ctx.app, 'notifications.listOfCorporation', {
        token: member.token,
        params: { id: a.corporationId },
      }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses callers without a session, other tenants and bad input', async () => {
    expectError(await op(ctx.app, 'notifications.list', {}), 401, 'UNAUTHENTICATED');
    expectError(
      await op(ctx.app, 'notifications.listOfCorporation', { params: { id: a.corporationId } }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await op(ctx.app, 'notifications.listOfCorporation', {
        token: b.user.token,
        params: { id: a.corporationId },
      }),
      404,
      'NOT_FOUND',
    );
    expectError(
      await call(ctx.app, 'GET', '/v1/notifications/not-a-uuid', { token: a.user.token }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await call(ctx.app, 'DELETE', '/v1/notifications/not-a-uuid', { token: a.user.token }),
      400,
      'VALIDATION_FAILED',
    );
    expectError(
      await op(ctx.app, 'notifications.list', { token: a.user.token, query: { limit: 0 } }),
      400,
      'VALIDATION_FAILED',
      'limit',
    );
  });

  it('holds a delayed notification back (ready false) and publishes it again when due', async () => {
    const res = await fetch(`${origin}${routeOf('broker.credentials').url}`, {
      headers: { authorization: `Bearer ${b.user.token}` },
    });
    const creds = (await res.json()) as BrokerCredentials;
    const live = await connectMqtt(creds.url, creds);
    expect(await live.subscribe(topics.userNotifications(b.user.user.id))).toEqual([0]);

    const notBefore = new Date(Date.now() + 1500);
    const [stored] = await ctx.app.services.notifications.notify([
      {
        userId: b.user.user.id,
        kind: 'stream-scheduled',
        workspaceId: b.workspaceId,
        notBefore,
        data: { n: 1 },
      },
    ]);
    const first = await live.waitFor((r) => r.message.id === stored!.id);
    expect(first?.message).toMatchObject({
      type: 'created',
      ready: false,
      notBefore: notBefore.toISOString(),
    });
    expect((await list(b.user.token, { ready: false })).items.map((n) => n.id)).toEqual([stored!.id]);
    expect((await list(b.user.token, { ready: true })).items.map((n) => n.id)).not.toContain(stored!.id);

    const due = await live.waitFor((r) => r.message.id === stored!.id && r.message.type === 'updated', 4000);
    expect(Date.now()).toBeGreaterThanOrEqual(notBefore.getTime());
    expect(due?.message).toMatchObject({ ready: true, data: { ready: true, kind: 'stream-scheduled' } });
    expect((await list(b.user.token, { ready: true })).items.map((n) => n.id)).toContain(stored!.id);
    // Delivered once: a second sweep finds nothing left to claim.
    expect(await ctx.app.services.notifications.deliverDue()).toBe(0);
    await live.close();
  });

  it('keeps storage bounded: old ones expire and each user keeps the newest ones only', async () => {
    const user = await createUser(ctx);
    const many = Array.from({ length: NOTIFICATION_MAX_PER_USER + 5 }, (_, i) => ({
      userId: user.user.id,
      kind: 'stream-live' as const,
      data: { i },
    }));
    await ctx.app.services.notifications.notify(many);
    const page = await list(user.token, { limit: 1 });
    expect(page.total).toBe(NOTIFICATION_MAX_PER_USER);

    const old = new Date(Date.now() - 40 * 86_400_000);
    await ctx.app.services.database.db
      .insert(notificationsTable)
      .values({ userId: invitee.user.id, kind: 'stream-offline', createdAt: old, deliveredAt: old });
    const before = (await list(invitee.token)).total;
    await ctx.app.services.notifications.purgeExpired();
    expect((await list(invitee.token)).total).toBe(before - 1);
  });
});

describe(`EMQX HTTP auth and ACL hooks (${testDbEngine()})`, () => {
  const auth = (body: unknown) => op(ctx.app, 'broker.auth', { body: body as never });
  const acl = (body: unknown) => op(ctx.app, 'broker.acl', { body: body as never });

  it('authenticates the user id with that user’s session token only', async () => {
    const id = a.user.user.id;
    expect((await auth({ clientid: 'x', username: id, password: a.user.token })).body).toEqual({
      result: 'allow',
      is_superuser: false,
    });
    expect((await auth({ username: id, password: 'wrong' })).body.result).toBe('deny');
    expect((await auth({ username: id, password: b.user.token })).body.result).toBe('deny');
    expect((await auth({ username: '', password: '' })).body.result).toBe('deny');
    expectError(
      await op(ctx.app, 'broker.auth', { body: { username: 5 } as never }),
      400,
      'VALIDATION_FAILED',
    );
  });

  it('allows subscriptions exactly as the embedded broker does and never a publish', async () => {
    const id = a.user.user.id;
    const own = topics.workspace(a.corporationId, a.workspaceId);
    expect((await acl({ username: id, topic: own, action: 'subscribe' })).body.result).toBe('allow');
    expect(
      (await acl({ username: id, topic: topics.userNotifications(id), action: 'subscribe' })).body.result,
    ).toBe('allow');
    const denied = [
      { username: id, topic: own, action: 'publish' },
      { username: id, topic: topics.workspace(b.corporationId, b.workspaceId), action: 'subscribe' },
      { username: id, topic: topics.userNotifications(b.user.user.id), action: 'subscribe' },
      { username: id, topic: '#', action: 'subscribe' },
      { username: 'not-a-user', topic: own, action: 'subscribe' },
      { username: b.user.user.id, topic: own, action: 'subscribe' },
    ];
    for (const body of denied) expect((await acl(body)).body.result, JSON.stringify(body)).toBe('deny');
    expectError(await acl({ username: id, topic: own, action: 'all' }), 400, 'VALIDATION_FAILED', 'action');
  });
});
