import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Aedes, type ConnectPacket } from 'aedes';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface TestBrokerOptions {
  /** Every client must send this password (any username). */
  password?: string;
  /** Subscriptions to filters this returns true for are refused (SUBACK 128). */
  refuse?: (topic: string) => boolean;
  /** Fault injection: an UNSUBSCRIBE packet drops the connection before it is answered. */
  dropOnUnsubscribe?: boolean;
}

/**
 * A real MQTT 3.1.1 broker (aedes) behind a real websocket server on 127.0.0.1, for the browser client's
 * tests: the client under test talks to it exactly as it talks to the server's /mqtt.
 */
export async function startTestBroker(options: TestBrokerOptions = {}) {
  const aedes = await Aedes.createBroker();
  const connects: ConnectPacket[] = [];
  aedes.preConnect = (_client, packet, done) => {
    connects.push(packet);
    done(null, true);
  };
  aedes.authenticate = (_client, _username, password, done) => {
    if (options.password === undefined || password?.toString() === options.password) return done(null, true);
    done(Object.assign(new Error('Bad username or password'), { returnCode: 4 }) as never, false);
  };
  aedes.authorizeSubscribe = (_client, sub, done) => done(null, options.refuse?.(sub.topic) ? null : sub);
  const subscribed: string[] = [];
  const unsubscribed: string[] = [];
  // aedes reports refused filters too, with QoS 128.
  aedes.on('subscribe', (subs) =>
    subscribed.push(...subs.filter((s) => (s.qos as number) !== 128).map((s) => s.topic)),
  );
  aedes.on('unsubscribe', (topics) => unsubscribed.push(...topics));

  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http, path: '/mqtt' });
  wss.on('connection', (ws, req) => {
    if (options.dropOnUnsubscribe) {
      ws.on('message', (data: Buffer) => {
        if (data[0]! >> 4 === 10) ws.terminate();
      });
    }
    const stream = createWebSocketStream(ws);
    stream.on('error', () => ws.terminate());
    aedes.handle(stream as never, req as never);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}/mqtt`,
    aedes,
    connects,
    clientCount: () => wss.clients.size,
    /** Granted subscriptions and unsubscriptions, in order, as the broker processed them. */
    subscribed,
    unsubscribed,
    publish: (topic: string, payload: unknown) =>
      new Promise<void>((resolve, reject) =>
        aedes.publish(
          {
            cmd: 'publish',
            topic,
            payload: Buffer.from(typeof payload === 'string' ? payload : JSON.stringify(payload)),
            qos: 0,
            retain: false,
            dup: false,
          },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    /** Drops every connection, as a broker restart or a network cut would. */
    dropAll: () => {
      for (const ws of wss.clients) ws.terminate();
    },
    close: async () => {
      for (const ws of wss.clients) ws.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
    },
  };
}

export type TestBroker = Awaited<ReturnType<typeof startTestBroker>>;
