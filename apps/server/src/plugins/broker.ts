import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type Client } from 'aedes';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createWebSocketStream, WebSocketServer } from 'ws';

export interface BrokerAuth {
  /** Resolves the MQTT username/password (user id, session token) to the user and session, or null. */
  authenticate(username: string, password: string): Promise<BrokerConnection | null>;
  /** May this user subscribe to this topic filter? (The external broker's ACL hook: no connection.) */
  maySubscribe(userId: string, topic: string): Promise<boolean>;
}

/** One authenticated MQTT connection: who opened it, and the decision on each of its subscriptions. */
export interface BrokerConnection {
  userId: string;
  sessionId: string;
  /**
   * May this connection subscribe to this topic filter? Decided at every SUBSCRIBE on the connection's
   * credentials as they are now (a revoked session or a removed membership refuses the next one).
   */
  maySubscribe(topic: string): Promise<boolean>;
}

/** What the rest of the server needs from a broker, whichever engine serves it (ARCHITECTURE section 2). */
export interface BrokerEngine {
  readonly engine: 'aedes' | 'external';
  /** Only the server publishes; payloads are JSON, QoS 0, not retained. */
  publish(topic: string, payload: unknown): Promise<void>;
  /**
   * Drops a user's live connections so they re-authenticate and re-subscribe under their current rights
   * (membership removed, blocked). An external broker re-checks on its own ACL cache expiry instead.
   */
  disconnectUser(userId: string): void;
  /** Drops the connections opened with one login session (logout of that session). */
  disconnectSession(sessionId: string): void;
  health(): { ok: boolean; engine: string; message?: string };
  close(): Promise<void>;
}

export interface EmbeddedBroker extends BrokerEngine {
  aedes: Aedes;
}

const toJson = (payload: unknown) => Buffer.from(JSON.stringify(payload));

/** The embedded engine unless MQTT_URL names an external broker. */
export async function startBroker(
  app: FastifyInstance,
  mqttUrl: string | undefined,
  auth: BrokerAuth,
): Promise<BrokerEngine> {
  return mqttUrl ? connectExternalBroker(mqttUrl, app.log) : mountEmbeddedBroker(app, auth);
}

/**
 * The embedded MQTT 3.1.1 broker on ws(s)://<origin>/mqtt. Clients authenticate with credentials derived from
 * their session; they may subscribe only where their memberships allow and may never publish: only the
 * server writes into topics.
 */
export async function mountEmbeddedBroker(app: FastifyInstance, auth: BrokerAuth): Promise<EmbeddedBroker> {
  const aedes = await Aedes.createBroker();
  const users = new WeakMap<object, string>();
  const sessionOf = new WeakMap<object, string>();
  const connections = new WeakMap<object, BrokerConnection>();
  const byUser = new Map<string, Set<Client>>();
  const bySession = new Map<string, Set<Client>>();
  const refuse = (message: string, returnCode: number) =>
    Object.assign(new Error(message), { returnCode }) as never;
  const add = (map: Map<string, Set<Client>>, key: string | undefined, client: Client) => {
    if (key) map.set(key, (map.get(key) ?? new Set()).add(client));
  };
  const remove = (map: Map<string, Set<Client>>, key: string | undefined, client: Client) => {
    const set = key ? map.get(key) : undefined;
    set?.delete(client);
    if (key && set?.size === 0) map.delete(key);
  };

  aedes.authenticate = (client, username, password, done) => {
    const secret = password?.toString() ?? '';
    auth.authenticate(username ?? '', secret).then(
      (who) => {
        if (!who) return done(refuse('Bad username or password', 4), false);
        // A second CONNECT with a client id would kick the first: never on behalf of another user.
        const holder = (aedes as unknown as { clients: Record<string, Client> }).clients[client.id];
        if (holder && holder !== client && users.get(holder) !== who.userId) {
          return done(refuse('Client id in use', 2), false);
        }
        // Persistent sessions would hand a client id's stored subscriptions to whoever takes the id next.
        if (!client.clean) return done(refuse('Only clean sessions are supported', 2), false);
        users.set(client, who.userId);
        sessionOf.set(client, who.sessionId);
        connections.set(client, who);
        done(null, true);
      },
      (e) => done(e, false),
    );
  };
  aedes.on('client', (client) => {
    add(byUser, users.get(client), client);
    add(bySession, sessionOf.get(client), client);
  });
  aedes.on('clientDisconnect', (client) => {
    remove(byUser, users.get(client), client);
    remove(bySession, sessionOf.get(client), client);
  });
  aedes.authorizePublish = (client, _packet, done) => {
    done(client ? new Error('Clients may not publish') : null);
  };
  aedes.authorizeSubscribe = (client, sub, done) => {
    const connection = client ? connections.get(client) : undefined;
    if (!connection) return done(new Error('not authenticated'), null);
    connection.maySubscribe(sub.topic).then(
      (ok) => done(null, ok ? sub : null),
      (e) => done(e, null),
    );
  };

  // Clients only send CONNECT and SUBSCRIBE packets: a small frame limit keeps a hostile client cheap.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 });
  const onUpgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (req.url?.split('?')[0] !== '/mqtt') return;
    wss.handleUpgrade(req, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => ws.terminate());
      aedes.handle(stream as never, req as never);
    });
  };
  app.server.on('upgrade', onUpgrade);
  // The HTTP server only finishes closing once every socket is gone, upgraded ones included: drop the
  // MQTT connections first, or shutting down would wait for every browser to leave.
  const dropClients = () => {
    app.server.off('upgrade', onUpgrade);
    for (const ws of wss.clients) ws.terminate();
  };
  app.addHook('preClose', async () => dropClients());

  return {
    engine: 'aedes',
    aedes,
    publish: (topic, payload) =>
      new Promise((resolve, reject) =>
        aedes.publish(
          { cmd: 'publish', topic, payload: toJson(payload), qos: 0, retain: false, dup: false },
          (err) => (err ? reject(err) : resolve()),
        ),
      ),
    disconnectUser(userId) {
      for (const client of byUser.get(userId) ?? []) client.close();
    },
    disconnectSession(sessionId) {
      for (const client of bySession.get(sessionId) ?? []) client.close();
    },
    health: () => ({ ok: !aedes.closed, engine: 'aedes (embedded, /mqtt)' }),
    close: async () => {
      dropClients();
      wss.close();
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}

const INITIAL_CONNECT_WAIT_MS = 5000;

/**
 * MQTT_URL: the server is only a publisher on an external broker (Mosquitto, an EMQX cluster). mqtt.js
 * reconnects on its own and queues QoS 0 messages while offline; the broker enforces client access, for
 * EMQX through our /v1/broker/auth and /v1/broker/acl endpoints (docs/operations.md).
 */
export async function connectExternalBroker(url: string, log: FastifyBaseLogger): Promise<BrokerEngine> {
  const { connect } = await import('mqtt'); // only with MQTT_URL: not loaded at every start
  const shown = new URL(url);
  const where = `${shown.protocol}//${shown.host}`;
  const client = connect(url, {
    clientId: `stromwerk-server-${randomUUID().slice(0, 8)}`,
    protocolVersion: 4,
    keepalive: 60,
    connectTimeout: 30_000,
    reconnectPeriod: 1000,
  });
  let lastError: string | undefined;
  client.on('error', (e) => {
    lastError = e.message;
    log.warn({ err: e }, `MQTT broker ${where}: ${e.message}`);
  });
  client.on('connect', () => {
    lastError = undefined;
    log.info(`Publishing notifications to ${where}`);
  });
  // Start-up should not hang on a broker that is down: wait a little, then carry on and let mqtt.js retry.
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, INITIAL_CONNECT_WAIT_MS);
    client.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
  });
  if (!client.connected) log.warn(`MQTT broker ${where} not reachable yet; retrying every second`);

  return {
    engine: 'external',
    publish: async (topic, payload) => {
      await client.publishAsync(topic, toJson(payload), { qos: 0, retain: false });
    },
    disconnectUser: () => {},
    disconnectSession: () => {},
    health: () => ({
      ok: client.connected,
      engine: `external (${where})`,
      message: client.connected ? undefined : (lastError ?? 'not connected'),
    }),
    close: async () => {
      await client.endAsync(true);
    },
  };
}
