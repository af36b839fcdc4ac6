import type { BrokerCredentials } from '@stromwerk/contracts/notifications';
import { topics } from '@stromwerk/contracts/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { connectMqtt, connectOutcome, listen, sleep, type TestMqtt } from '../helpers/mqtt';
import { op, routeOf } from '../helpers/route-call';
import { createMember, grant } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let ctx: TestContext;
let origin: string;
let a: Tenant;
let b: Tenant;
const open: TestMqtt[] = [];

async function credentials(token: string) {
  const res = await fetch(`${origin}${routeOf('broker.credentials').url}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  return (await res.json()) as BrokerCredentials;
}

/** A websocket MQTT client of this user, logged in the way the browser does it. */
async function clientOf(token: string) {
  const creds = await credentials(token);
  const client = await connectMqtt(creds.url, creds);
  open.push(client);
  return client;
}

beforeAll(async () => {
  ctx = await createTestApp();
  ({ origin } = await listen(ctx.app));
  a = await createTenant(ctx, 'Tenant A');
  b = await createTenant(ctx, 'Tenant B');
});
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()));
  await ctx.close();
});

describe(`live notifications on the embedded broker (${testDbEngine()})`, () => {
  it('hands the browser the same-origin /mqtt URL and its session as credentials', async () => {
    const creds = await credentials(a.user.token);
    expect(creds).toEqual({
      url: `${origin.replace('http', 'ws')}/mqtt`,
      username: a.user.user.id,
      password: a.user.token,
    });
    // Forwarded headers count only from a TRUST_PROXY proxy (security/rate-limits-proxy.test.ts).
    const forged = await op(ctx.app, 'broker.credentials', {
      token: a.user.token,
      headers: { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'live.example.test' },
    });
    expect(forged.body.url).toBe('ws://localhost:80/mqtt');
    expectError(await op(ctx.app, 'broker.credentials', {}), 401, 'UNAUTHENTICATED');
    const key = await op(ctx.app, 'apiKeys.create', {
      token: a.user.token,
      params: { id: a.user.user.id },
      body: { name: 'bot' },
    });
    expectError(await op(ctx.app, 'broker.credentials', { apiKey: key.body.key }), 403, 'FORBIDDEN');
  });

  it('delivers a change made through the API to a subscribed client', async () => {
    const live = await clientOf(a.user.token);
    const grants = await live.subscribe(
      topics.workspace(a.corporationId, a.workspaceId),
      topics.workspaces(a.corporationId),
      topics.corporation(a.corporationId),
    );
    expect(grants).toEqual([0, 0, 0]);

    const put = await op(ctx.app, 'workspaces.update', {
      token: a.user.token,
      params: { id: a.workspaceId },
      body: { name: 'Renamed live' },
    });
    expect(put.status).toBe(200);
    const got = await live.waitFor((r) => r.topic === topics.workspace(a.corporationId, a.workspaceId));
    expect(got?.message).toEqual({ type: 'updated', entity: 'workspace', id: a.workspaceId, data: null });

    const created = await op(ctx.app, 'workspaces.create', {
      token: a.user.token,
      body: { corporationId: a.corporationId, name: 'Second' },
    });
    const onWildcard = await live.waitFor((r) => r.message.id === created.body.id);
    expect(onWildcard).toMatchObject({
      topic: topics.workspace(a.corporationId, created.body.id),
      message: { type: 'created', entity: 'workspace' },
    });

    await op(ctx.app, 'corporations.update', {
      token: a.user.token,
      params: { id: a.corporationId },
      body: { name: 'A2' },
    });
    const corp = await live.waitFor((r) => r.topic === topics.corporation(a.corporationId));
    expect(corp?.message).toMatchObject({ type: 'updated', entity: 'corporation', id: a.corporationId });
  });

  it("refuses subscriptions to another tenant's topics and never delivers its changes", async () => {
    const live = await clientOf(a.user.token);
    const foreign = [
      topics.corporation(b.corporationId),
      topics.workspace(b.corporationId, b.workspaceId),
      topics.workspaces(b.corporationId),
      topics.inWorkspace(b.corporationId, b.workspaceId, 'source'),
      // B's workspace claimed under A's corporation id: the workspace's real tenant decides.
      topics.workspace(a.corporationId, b.workspaceId),
      topics.userNotifications(b.user.user.id),
      '#',
      'corporation/+',
      'corporation/+/workspace/+',
      `corporation/${a.corporationId}/workspace`,
      `$SYS/${a.corporationId}`,
    ];
    expect(await live.subscribe(...foreign)).toEqual(foreign.map(() => 128));
    expect(await live.subscribe(topics.userNotifications(a.user.user.id))).toEqual([0]);

    await op(ctx.app, 'workspaces.update', {
      token: b.user.token,
      params: { id: b.workspaceId },
      body: { name: 'Secret' },
    });
    expect(await live.waitFor((r) => r.message.id === b.workspaceId, 500)).toBeNull();
  });

  it('lets a workspace-only member watch that workspace but not the whole corporation', async () => {
    const member = await createMember(ctx, a.user.token, { workspaceId: a.workspaceId }, ['read']);
    const live = await clientOf(member.token);
    expect(
      await live.subscribe(
        topics.corporation(a.corporationId),
        topics.workspace(a.corporationId, a.workspaceId),
        topics.inWorkspace(a.corporationId, a.workspaceId, 'source'),
        topics.workspaces(a.corporationId),
        topics.inCorporation(a.corporationId, 'member'),
      ),
    ).toEqual([0, 0, 0, 128, 128]);
  });

  it('decides every SUBSCRIBE of a connection on the rights the user has now (issue 32)', async () => {
    const member = await createMember(ctx, a.user.token, { workspaceId: a.workspaceId }, ['read']);
    const live = await clientOf(member.token);
    const wide = topics.inCorporation(a.corporationId, 'member');
    expect(await live.subscribe(wide, topics.workspace(a.corporationId, a.workspaceId))).toEqual([128, 0]);
    // Corporation-level rights given while connected: the same connection may now watch corporation-wide.
    await grant(ctx, a.user.token, member.user.id, { corporationId: a.corporationId }, ['read']);
    expect(await live.subscribe(wide)).toEqual([0]);
    // Still nothing of another tenant, on a connection that already holds subscriptions.
    expect(await live.subscribe(topics.workspace(b.corporationId, b.workspaceId))).toEqual([128]);
    expect(await live.subscribe(topics.workspace(a.corporationId, b.workspaceId))).toEqual([128]);
  });

  it('never forwards what a client publishes', async () => {
    const watcher = await clientOf(a.user.token);
    const topic = topics.workspace(a.corporationId, a.workspaceId);
    expect(await watcher.subscribe(topic)).toEqual([0]);
    const intruder = await clientOf(a.user.token);
    const forged = { type: 'deleted', entity: 'workspace', id: a.workspaceId, data: null };
    intruder.client.publish(topic, JSON.stringify(forged));
    intruder.client.publish(topics.userNotifications(a.user.user.id, 'x'), JSON.stringify(forged));
    expect(await watcher.waitFor((r) => r.message.type === 'deleted', 700)).toBeNull();

    // The subscription itself works: the server's own message after the forged one arrives.
    await op(ctx.app, 'workspaces.update', {
      token: a.user.token,
      params: { id: a.workspaceId },
      body: { name: 'Real' },
    });
    expect(await watcher.waitFor((r) => r.message.type === 'updated')).not.toBeNull();
  });

  it('refuses a wrong password, a missing one and a token of another user', async () => {
    const { url } = await credentials(a.user.token);
    const refused = /Bad username or password|Not authorized/;
    expect(await connectOutcome(url, { username: a.user.user.id, password: 'wrong' })).toMatch(refused);
    expect(await connectOutcome(url, {})).toMatch(refused);
    expect(await connectOutcome(url, { username: a.user.user.id, password: b.user.token })).toMatch(refused);
    expect(await connectOutcome(url, { username: a.user.user.id, password: a.user.token })).toBe('connected');
  });

  it('drops the live connection of a member who lost their membership', async () => {
    const member = await createMember(ctx, a.user.token, { workspaceId: a.workspaceId }, ['read']);
    const live = await clientOf(member.token);
    expect(await live.subscribe(topics.workspace(a.corporationId, a.workspaceId))).toEqual([0]);
    const closed = new Promise<void>((resolve) => live.client.once('close', () => resolve()));
    await grant(ctx, a.user.token, member.user.id, { workspaceId: a.workspaceId }, []);
    await closed;

    const again = await clientOf(member.token);
    expect(await again.subscribe(topics.workspace(a.corporationId, a.workspaceId))).toEqual([128]);
    await sleep(50);
  });

  it('cuts every live connection of a blocked user at once; they cannot reconnect until unblocked', async () => {
    const member = await createMember(ctx, a.user.token, { workspaceId: a.workspaceId }, ['read']);
    const first = await clientOf(member.token);
    const second = await clientOf(member.token);
    const closed = (live: TestMqtt) =>
      new Promise<void>((resolve) => live.client.once('close', () => resolve()));
    const bothClosed = Promise.all([closed(first), closed(second)]);
    const res = await op(ctx.app, 'users.block', { token: ctx.owner.token, params: { id: member.user.id } });
    expect(res.status).toBe(200);
    await bothClosed;
    // The session itself is dead: neither the API nor the broker accept it any more.
    expectError(await op(ctx.app, 'users.me', { token: member.token }), 401, 'TOKEN_INVALID');
    const url = (await credentials(a.user.token)).url;
    expect(await connectOutcome(url, { username: member.user.id, password: member.token })).not.toBe(
      'connected',
    );
    await op(ctx.app, 'users.unblock', { token: ctx.owner.token, params: { id: member.user.id } });
  });
});
