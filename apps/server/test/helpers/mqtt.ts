import { Socket } from 'node:net';
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import mqtt, { ErrorWithSubackPacket } from 'mqtt';
import type { StromwerkApp } from '../../src/app';

/** The app's own origin once it listens on a real port (embedded broker tests need a socket). */
export async function listen(app: StromwerkApp, port = 0) {
  await app.listen({ port, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { port: address.port, origin: `http://127.0.0.1:${address.port}` };
}

export interface Received {
  topic: string;
  message: TopicMessage;
}

/** A connected mqtt.js client (MQTT 3.1.1) with every message it receives collected in `received`. */
export async function connectMqtt(url: string, auth: { username?: string; password?: string } = {}) {
  const client = mqtt.connect(url, {
    ...auth,
    protocolVersion: 4,
    reconnectPeriod: 0,
    connectTimeout: 5000,
  });
  const received: Received[] = [];
  client.on('message', (topic, payload) => {
    received.push({ topic, message: JSON.parse(payload.toString()) as TopicMessage });
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => resolve());
    client.once('error', (e) => {
      client.end(true);
      reject(e);
    });
    client.once('close', () => reject(new Error('closed before CONNACK')));
  });
  return {
    client,
    received,
    /** The granted QoS per filter: 0 when allowed, 128 when the broker refused it. */
    async subscribe(...topics: string[]) {
      try {
        const grants = await client.subscribeAsync(topics, { qos: 0 });
        return grants.map((g) => g.qos);
      } catch (e) {
        // mqtt.js rejects when any filter was refused; the SUBACK it carries still has every grant.
        if (e instanceof ErrorWithSubackPacket && e.packet) return e.packet.granted as number[];
        throw e;
      }
    },
    /** Resolves with the first message matching `pred`, or null after `ms`. */
    waitFor(pred: (r: Received) => boolean, ms = 3000): Promise<Received | null> {
      return new Promise((resolve) => {
        const started = Date.now();
        const poll = () => {
          const hit = received.find(pred);
          if (hit) return resolve(hit);
          if (Date.now() - started > ms) return resolve(null);
          setTimeout(poll, 10);
        };
        poll();
      });
    },
    close: () => client.endAsync(true),
  };
}

export type TestMqtt = Awaited<ReturnType<typeof connectMqtt>>;

/** The refusal a connect gets, as mqtt.js reports it, or 'connected'. */
export async function connectOutcome(url: string, auth: { username?: string; password?: string }) {
  try {
    const c = await connectMqtt(url, auth);
    await c.close();
    return 'connected';
  } catch (e) {
    return (e as Error).message;
  }
}

/** Is a TCP broker listening there (Mosquitto in CI)? */
export function reachable(url: string, ms = 1000): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port || 1883), hostname, () => done(true));
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
