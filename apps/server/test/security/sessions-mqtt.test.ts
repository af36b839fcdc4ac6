import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, type TestMqtt } from '../helpers/mqtt';
import { createTenant, createUser } from '../helpers/test-app';
import { type RunningServer, startRunningServer } from './running-server';

/**
 * Finding 4 of issue 10, live side: ending a session (logout, block) must close the MQTT connections it
 * opened, and one user cannot take over another's MQTT client id. The "within a second" is
 * bench/session-disconnect.ts's figure (tests assert behaviour, benches measure time): here a connection
 * must close within CLOSES_MS, which only tells "closed" from "left open" (an open connection stays).
 */
const CLOSES_MS = 15_000;
let s: RunningServer;
let ws: string;
const open: { end(force: boolean): unknown }[] = [];
beforeAll(async () => {
  s = await startRunningServer();
  ws = `${s.url.replace('http', 'ws')}/mqtt`;
});
afterAll(async () => {
  for (const c of open) c.end(true);
  await s.close();
});

async function live(user: { user: { id: string }; token: string }): Promise<TestMqtt> {
  const c = await connectMqtt(ws, { username: user.user.id, password: user.token });
  open.push(c.client);
  return c;
}
/** Milliseconds until the client's connection closes (for the failure message), or null after `ms`. */
function closedWithin(client: MqttClient, ms: number): Promise<number | null> {
  const started = Date.now();
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(null), ms);
    client.once('close', () => {
      clearTimeout(timer);
      resolve(Date.now() - started);
    });
  });
}
/** A raw CONNECT with a chosen client id: resolves 'connected' or the refusal's return code. */
function connectAs(user: { user: { id: string }; token: string }, clientId: string, clean = true) {
  const client = mqtt.connect(ws, {
    username: user.user.id,
    password: user.token,
    clientId,
    clean,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  open.push(client);
  return new Promise<{ client: MqttClient; outcome: string }>((resolve) => {
    client.once('connect', () => resolve({ client, outcome: 'connected' }));
    client.once('error', (e) => resolve({ client, outcome: `refused ${(e as { code?: number }).code}` }));
    client.once('close', () => resolve({ client, outcome: 'closed' }));
  });
}

describe('live connections end with the session', () => {
  it('logout closes that session’s MQTT connection; the token cannot reconnect', async () => {
    const u = await createUser(s);
    const c = await live(u);
    expect(await c.subscribe(`user/${u.user.id}/notification/+`)).toEqual([0]);
    const closed = closedWithin(c.client, CLOSES_MS);
    expect((await s.op('users.logout', { token: u.token })).status).toBe(204);
    expect(await closed).not.toBeNull();
    expect((await connectAs(u, `again-${Date.now()}`)).outcome).toMatch(/refused|closed/);
  });

  it('blocking the user closes every one of their connections', async () => {
    const u = await createUser(s);
    const [a, b] = [await live(u), await live(u)];
    const closed = Promise.all([closedWithin(a.client, CLOSES_MS), closedWithin(b.client, CLOSES_MS)]);
    const res = await s.op('users.block', { params: { id: u.user.id }, token: s.owner.token });
    expect(res.status).toBe(200);
    const times = await closed;
    expect(
      times.every((t) => t !== null),
      JSON.stringify(times),
    ).toBe(true);
  });

  it('blocking a corporation disconnects its members, whose re-subscription is refused', async () => {
    const t = await createTenant(s, 'Blocked Corp');
    const c = await live(t.user);
    expect(await c.subscribe(`corporation/${t.corporationId}`)).toEqual([0]);
    const closed = closedWithin(c.client, CLOSES_MS);
    const res = await s.op('corporations.block', {
      params: { id: t.corporationId },
      token: s.owner.token,
    });
    expect(res.status).toBe(200);
    expect(await closed).not.toBeNull();
    // The account still works elsewhere; the blocked corporation's topics do not.
    const again = await live(t.user);
    expect(await again.subscribe(`corporation/${t.corporationId}`)).toEqual([128]);
    expect(await again.subscribe(`user/${t.user.user.id}/notification/+`)).toEqual([0]);
  });

  it('ending another session leaves this session’s connection open', async () => {
    const u = await createUser(s);
    const c = await live(u);
    const other = (await (
      await s.op('users.login', { json: { email: u.user.email, password: u.password } })
    ).json()) as { token: string };
    const otherLive = await live({ user: u.user, token: other.token });
    const closed = closedWithin(otherLive.client, CLOSES_MS);
    await s.op('users.endSession', { params: { id: other.token.split('.')[0] }, token: u.token });
    expect(await closed).not.toBeNull();
    // In order: after the ended session's connection closed, and a moment more, this one is still open.
    await new Promise((r) => setTimeout(r, 500));
    expect(c.client.connected).toBe(true);
  });
});

describe('MQTT client ids', () => {
  it('another user cannot take over a connected client id', async () => {
    const victim = await createUser(s);
    const attacker = await createUser(s);
    const id = `browser-${Date.now()}`;
    const first = await connectAs(victim, id);
    expect(first.outcome).toBe('connected');
    const kicked = closedWithin(first.client, 1000);
    const second = await connectAs(attacker, id);
    expect(second.outcome).toBe('refused 2');
    expect(await kicked).toBeNull();
    expect(first.client.connected).toBe(true);
    // The same user reconnecting with its own id is fine (it replaces the old connection).
    expect((await connectAs(victim, id)).outcome).toBe('connected');
  });

  it('persistent sessions (clean = false) are refused: stored subscriptions never change hands', async () => {
    const u = await createUser(s);
    expect((await connectAs(u, `persistent-${Date.now()}`, false)).outcome).toBe('refused 2');
  });
});
