import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket as WsWebSocket } from 'ws';
import { LiveClient } from './live-client';
import type { LiveCredentials, LiveStatus } from './live-types';
import { startTestBroker, type TestBroker, type TestBrokerOptions } from './test-broker';

// jsdom 29's WebSocket wraps Node's undici one, whose events break under jsdom's Event global. mqtt.js
// (browser code path, as jsdom looks like a browser) gets `ws` instead: the same standard WebSocket API.
beforeAll(() => {
  vi.stubGlobal('WebSocket', WsWebSocket);
});

const SECRET = 'session-token';
const wait = { timeout: 5000, interval: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let broker: TestBroker | undefined;
let live: LiveClient | undefined;
afterEach(async () => {
  live?.disconnect();
  await broker?.close();
  broker = live = undefined;
});

/** A real broker and a client for it; the log records what the client reports. */
async function setup(options: TestBrokerOptions = {}, credentials?: () => Promise<LiveCredentials>) {
  broker = await startTestBroker({ password: SECRET, ...options });
  const log: string[] = [];
  const statuses: LiveStatus[] = [];
  const url = broker.url;
  const fetchCredentials = vi.fn(credentials ?? (async () => ({ url, username: 'u1', password: SECRET })));
  live = new LiveClient({
    credentials: fetchCredentials,
    // jsdom has no Web Worker for mqtt.js's default browser timers.
    timerVariant: 'native',
    logger: { error: (m) => log.push(m), warn: (m) => log.push(m) },
  });
  live.onStatus((s) => statuses.push(s));
  return { broker, live, log, statuses, fetchCredentials };
}

async function connected(client: LiveClient) {
  client.connect();
  await vi.waitFor(() => expect(client.status).toBe('connected'), wait);
}

const message = (id: string, extra: Partial<TopicMessage> = {}): TopicMessage => ({
  type: 'updated',
  entity: 'workspace',
  id,
  data: { name: `ws ${id}` },
  ...extra,
});

describe('LiveClient against a real broker', () => {
  it('connects as MQTT 3.1.1 with a 23-character UUID client id, the credentials and keepalive 60 s', async () => {
    const { broker, live, statuses } = await setup();
    expect(live.status).toBe('disconnected');
    await connected(live);
    expect(statuses).toEqual(['loading', 'connected']);
    const packet = broker.connects[0]!;
    expect(packet.clientId).toHaveLength(23);
    expect(packet.clientId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}$/);
    expect(packet.username).toBe('u1');
    expect(packet.password?.toString()).toBe(SECRET);
    expect(packet.protocolVersion).toBe(4);
    expect(packet.keepalive).toBe(60);
  });

  it('ignores a second connect while a client exists', async () => {
    const { broker, live, fetchCredentials } = await setup();
    live.connect();
    live.connect();
    await vi.waitFor(() => expect(live.status).toBe('connected'), wait);
    live.connect();
    await sleep(100);
    expect(fetchCredentials).toHaveBeenCalledTimes(1);
    expect(broker.connects).toHaveLength(1);
    expect(broker.clientCount()).toBe(1);
  });

  it('logs "not connected" and does nothing when subscribing before the connection is up', async () => {
    const { broker, live, log } = await setup();
    const handler = vi.fn();
    live.subscribe('corporation/c1', handler);
    expect(log).toContain('not connected');
    await connected(live);
    expect(live.topics).toEqual([]);
    await broker.publish('corporation/c1', message('c1'));
    await sleep(100);
    expect(handler).not.toHaveBeenCalled();
    expect(broker.subscribed).toEqual([]);
  });

  it('ignores a topic with an odd number of segments', async () => {
    const { broker, live, log } = await setup();
    await connected(live);
    live.subscribe('corporation/c1/workspace', vi.fn());
    expect(log).toContain('Not an explizit topic!');
    await sleep(100);
    expect(broker.subscribed).toEqual([]);
    expect(live.topics).toEqual([]);
  });

  it('delivers JSON payloads on exact topics and on a trailing + of the last segment only', async () => {
    const { broker, live, log } = await setup();
    await connected(live);
    const exact = vi.fn();
    const wildcard = vi.fn();
    live.subscribe('corporation/c1/workspace/w1', exact);
    live.subscribe('corporation/c1/workspace/w1/source/+', wildcard);
    await vi.waitFor(() => expect(broker.subscribed).toHaveLength(2), wait);

    await broker.publish('corporation/c1/workspace/w1', 'not json');
    await broker.publish('corporation/c1/workspace/w1', message('w1'));
    await broker.publish('corporation/c1/workspace/w1/source/s1', message('s1', { entity: 'source' }));
    await broker.publish('corporation/c1/workspace/w1/source/s1/output/o1', message('o1'));
    await broker.publish('corporation/c1/workspace/w2', message('w2'));
    await vi.waitFor(() => expect(wildcard).toHaveBeenCalledTimes(1), wait);
    await sleep(100);

    // The payload that is not JSON was logged and skipped; the next one still arrived.
    expect(log).toContain('Invalid notification payload on corporation/c1/workspace/w1');
    expect(exact).toHaveBeenCalledTimes(1);
    expect(exact).toHaveBeenCalledWith(message('w1'), 'corporation/c1/workspace/w1');
    expect(wildcard).toHaveBeenCalledWith(
      message('s1', { entity: 'source' }),
      'corporation/c1/workspace/w1/source/s1',
    );
  });

  it('re-processes a delayed entry (ready false, not-before set) after the remaining delay', async () => {
    const { broker, live } = await setup();
    await connected(live);
    const handler = vi.fn();
    live.subscribe('user/u1/notification/+', handler);
    await vi.waitFor(() => expect(broker.subscribed).toHaveLength(1), wait);

    // The delay is the client's own timer and clock: faked (the sockets stay real), so no busy machine can
    // run the clock past the not-before time before the test looks, as it could with a 600 ms delay
    // checked after a real 300 ms.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], shouldAdvanceTime: true });
    try {
      const notBefore = new Date(Date.now() + 30_000).toISOString();
      await broker.publish('user/u1/notification/n1', message('n1', { ready: false, notBefore }));
      // Sent after it on the same connection, n0 arrives after it: once n0 is handled, n1 is held back.
      await broker.publish('user/u1/notification/n0', message('n0'));
      await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), wait);
      expect(handler.mock.calls[0]![0]).toMatchObject({ id: 'n0' });
      await vi.advanceTimersByTimeAsync(30_000);
      expect(handler).toHaveBeenCalledTimes(2);
      expect(Date.now()).toBeGreaterThanOrEqual(Date.parse(notBefore));
      expect(handler.mock.calls[1]![0]).toMatchObject({ id: 'n1', ready: true, notBefore });
    } finally {
      vi.useRealTimers();
    }

    // Already due on arrival: delivered at once.
    const past = new Date(Date.now() - 1000).toISOString();
    await broker.publish('user/u1/notification/n2', message('n2', { ready: false, notBefore: past }));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(3), wait);
  });

  it('logs a refused subscription and cancels it', async () => {
    const { broker, live, log } = await setup({ refuse: (t) => t.startsWith('corporation/foreign') });
    await connected(live);
    const handler = vi.fn();
    live.subscribe('corporation/foreign', handler);
    await vi.waitFor(() => expect(log).toContain('Subscription to corporation/foreign failed'), wait);
    expect(live.topics).toEqual([]);
    expect(broker.subscribed).toEqual([]);
    await broker.publish('corporation/foreign', message('foreign'));
    await sleep(100);
    expect(handler).not.toHaveBeenCalled();
    expect(live.status).toBe('connected');
  });

  it('logs a connection error and retries; a refused password never connects', async () => {
    const { broker, live, log, statuses } = await setup({}, async () => ({
      url: broker!.url,
      username: 'u1',
      password: 'wrong',
    }));
    live.connect();
    await vi.waitFor(() => expect(log).toContain('Cannot subscribe to notification service'), wait);
    await vi.waitFor(() => expect(broker.connects).toHaveLength(2), wait);
    expect(statuses).not.toContain('connected');
    expect(log).not.toContain('Lost notification connection');
  });

  it('logs a failed credentials request as a connection error and tries again', async () => {
    let calls = 0;
    const { live, log } = await setup({}, async () => {
      calls += 1;
      if (calls === 1) throw new Error('503');
      return { url: broker!.url, username: 'u1', password: SECRET };
    });
    live.connect();
    await vi.waitFor(() => expect(log).toContain('Cannot subscribe to notification service'), wait);
    expect(live.status).toBe('disconnected');
    await vi.waitFor(() => expect(live.status).toBe('connected'), wait);
    expect(calls).toBe(2);
  });

  it('after a lost connection: logs, goes disconnected, reconnects after 1000 ms and resubscribes', async () => {
    const { broker, live, log, statuses } = await setup();
    await connected(live);
    const handler = vi.fn();
    live.subscribe('corporation/c1', handler);
    await vi.waitFor(() => expect(broker.subscribed).toEqual(['corporation/c1']), wait);

    const lostAt = Date.now();
    broker.dropAll();
    await vi.waitFor(() => expect(log).toContain('Lost notification connection'), wait);
    expect(live.status).toBe('disconnected');
    await vi.waitFor(() => expect(live.status).toBe('connected'), wait);
    expect(Date.now() - lostAt).toBeGreaterThanOrEqual(950);
    expect(statuses).toEqual(['loading', 'connected', 'disconnected', 'loading', 'connected']);
    expect(broker.connects).toHaveLength(2);
    expect(broker.connects[1]!.clientId).not.toBe(broker.connects[0]!.clientId);

    await vi.waitFor(() => expect(broker.subscribed).toEqual(['corporation/c1', 'corporation/c1']), wait);
    await broker.publish('corporation/c1', message('c1', { entity: 'corporation' }));
    await vi.waitFor(() => expect(handler).toHaveBeenCalledTimes(1), wait);
  });

  it('unsubscribes on the broker when the last handler leaves, and logs a failed unsubscribe', async () => {
    const { broker, live } = await setup();
    await connected(live);
    const off = live.subscribe('corporation/c1', vi.fn());
    await vi.waitFor(() => expect(broker.subscribed).toHaveLength(1), wait);
    off();
    await vi.waitFor(() => expect(broker.unsubscribed).toEqual(['corporation/c1']), wait);
    expect(live.topics).toEqual([]);
    live.disconnect();
    await broker.close();

    const faulty = await setup({ dropOnUnsubscribe: true });
    await connected(faulty.live);
    const offAgain = faulty.live.subscribe('corporation/c2', vi.fn());
    await vi.waitFor(() => expect(faulty.broker.subscribed).toHaveLength(1), wait);
    offAgain();
    await vi.waitFor(() => expect(faulty.log).toContain('Cannot unsubscribe from corporation/c2'), wait);
  });

  it('stops for good on disconnect: no reconnect, nothing registered', async () => {
    const { broker, live, log } = await setup();
    await connected(live);
    live.subscribe('corporation/c1', vi.fn());
    live.disconnect();
    expect(live.status).toBe('disconnected');
    expect(live.topics).toEqual([]);
    await sleep(1300);
    expect(broker.connects).toHaveLength(1);
    expect(log).not.toContain('Lost notification connection');
  });
});
