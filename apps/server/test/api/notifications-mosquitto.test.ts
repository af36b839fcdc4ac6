import { topics } from '@stromwerk/contracts/topics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMqtt, connectOutcome, listen, reachable, type TestMqtt } from '../helpers/mqtt';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, createUser, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// CI sets TEST_MQTT_URL; on a developer machine a local Mosquitto on the default port is used if it runs.
const MQTT_URL = process.env.TEST_MQTT_URL ?? 'mqtt://127.0.0.1:1883';
const PUBLIC_URL = 'wss://mqtt.example.test/mqtt';
const brokerAddress = `${new URL(MQTT_URL).protocol}//${new URL(MQTT_URL).host}`;
const up = await reachable(MQTT_URL);
if (!up) console.warn(`notifications-mosquitto: no MQTT broker at ${MQTT_URL}; set TEST_MQTT_URL. Skipped.`);

type Tenant = Awaited<ReturnType<typeof createTenant>>;
let ctx: TestContext;
let a: Tenant;
let b: Tenant;
let subscriber: TestMqtt;

describe.skipIf(!up)(
  `live notifications through an external broker at ${MQTT_URL} (${testDbEngine()})`,
  () => {
    beforeAll(async () => {
      ctx = await createTestApp({ MQTT_URL, MQTT_PUBLIC_URL: PUBLIC_URL });
      a = await createTenant(ctx, 'Tenant A');
      b = await createTenant(ctx, 'Tenant B');
      // A plain TCP subscriber on the broker itself; the server is just another publisher there.
      subscriber = await connectMqtt(MQTT_URL);
    });
    afterAll(async () => {
      await subscriber?.close();
      await ctx?.close();
    });

    it('publishes through the external broker, reports it in health and does not mount /mqtt', async () => {
      const health = await op(ctx.app, 'health.get', {});
      expect(health.body.parts.broker).toMatchObject({ ok: true, engine: `external (${brokerAddress})` });
      const { origin } = await listen(ctx.app);
      const embedded = await connectOutcome(`${origin.replace('http', 'ws')}/mqtt`, {
        username: 'x',
        password: 'y',
      });
      expect(embedded).not.toBe('connected');
    });

    it('hands the browser MQTT_PUBLIC_URL with its session credentials', async () => {
      const res = await op(ctx.app, 'broker.credentials', { token: a.user.token });
      expect(res.body).toEqual({ url: PUBLIC_URL, username: a.user.user.id, password: a.user.token });
    });

    it('delivers a change made through the API to a subscriber of the broker', async () => {
      const topic = topics.workspace(a.corporationId, a.workspaceId);
      expect(await subscriber.subscribe(topic, topics.workspaces(b.corporationId))).toEqual([0, 0]);
      const put = await op(ctx.app, 'workspaces.update', {
        token: a.user.token,
        params: { id: a.workspaceId },
        body: { name: 'Via Mosquitto' },
      });
      expect(put.status).toBe(200);
      // The workspace's own 'created' may still be on its way (the server's client queues what it publishes
      // while it (re)connects), so wait for the update itself rather than the first message on the topic.
      const got = await subscriber.waitFor((r) => r.topic === topic && r.message.type === 'updated');
      expect(got?.message).toEqual({ type: 'updated', entity: 'workspace', id: a.workspaceId, data: null });
      // Only the topic of the changed tenant carries it.
      const topicsSeen = subscriber.received
        .filter((r) => r.message.id === a.workspaceId)
        .map((r) => r.topic);
      expect(new Set(topicsSeen)).toEqual(new Set([topic]));
    });

    it("publishes a stored notification on its recipient's topic", async () => {
      const invitee = await createUser(ctx, { emailVerified: true });
      expect(await subscriber.subscribe(topics.userNotifications(invitee.user.id))).toEqual([0]);
      await op(ctx.app, 'invitations.create', {
        token: b.user.token,
        body: { corporationId: b.corporationId, email: invitee.user.email, permissions: ['read'] },
      });
      const got = await subscriber.waitFor((r) =>
        r.topic.startsWith(`user/${invitee.user.id}/notification/`),
      );
      expect(got?.message).toMatchObject({
        type: 'created',
        entity: 'notification',
        ready: true,
        data: { kind: 'invitation-received', userId: invitee.user.id, corporationId: b.corporationId },
      });
    });

    it('answers the broker hooks (EMQX) with the same decisions as the embedded broker', async () => {
      const id = a.user.user.id;
      const hook = async (path: 'auth' | 'acl', body: unknown) =>
        (await op(ctx.app, `broker.${path}`, { body: body as never })).body.result;
      expect(await hook('auth', { username: id, password: a.user.token })).toBe('allow');
      expect(await hook('auth', { username: id, password: 'wrong' })).toBe('deny');
      const own = topics.workspace(a.corporationId, a.workspaceId);
      expect(await hook('acl', { username: id, topic: own, action: 'subscribe' })).toBe('allow');
      expect(await hook('acl', { username: id, topic: own, action: 'publish' })).toBe('deny');
      const foreign = topics.workspace(b.corporationId, b.workspaceId);
      expect(await hook('acl', { username: id, topic: foreign, action: 'subscribe' })).toBe('deny');
    });
  },
);
