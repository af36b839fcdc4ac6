/**
 * Stateful module: the browser's one connection to the notification broker (spec sections 4, 7, 8, 9).
 *
 * State: `status` (disconnected -> loading -> connected), the current mqtt.js client (at most one), the
 * registry of subscribed topic filters with their handlers, a pending reconnect timer and timers of delayed
 * entries. mqtt.js's own reconnect is switched off: after a loss the client is reset and a fresh one connects
 * 1000 ms later with freshly fetched credentials (a session token may have changed), then every registered
 * filter is subscribed again. Framework-free; React reaches it through live-provider.tsx.
 */
import {
  MQTT_CLIENT_ID_LENGTH,
  MQTT_CONNECT_TIMEOUT_MS,
  MQTT_KEEPALIVE_S,
  NOTIFICATION_RECONNECT_MS,
} from '@stromwerk/contracts/limits';
import type { TopicMessage } from '@stromwerk/contracts/notifications';
import { isExplicitTopic, topicMatches } from '@stromwerk/contracts/topics';
import type { MqttClient } from 'mqtt';
import { brokerUrl, randomUuid } from './broker-url';
import type { LiveClientOptions, LiveCredentials, LiveHandler, LiveLogger, LiveStatus } from './live-types';

type Timer = ReturnType<typeof setTimeout>;
const noop = () => {};
const decoder = new TextDecoder();

type Mqtt = typeof import('mqtt')['default'];
let mqttModule: Promise<Mqtt> | undefined;
/** mqtt.js is ~100 kB gzipped: it is fetched with the first connect (after login), not with the login page. */
function loadMqtt(): Promise<Mqtt> {
  mqttModule ??= import('mqtt').then(
    (module) => module.default,
    (error: unknown) => {
      mqttModule = undefined; // a failed chunk load is retried on the next attempt
      throw error;
    },
  );
  return mqttModule;
}

export class LiveClient {
  private client: MqttClient | undefined;
  private fetching = false;
  /** Bumped by disconnect(): a credentials request of an earlier attempt is then ignored. */
  private generation = 0;
  /** connect() was called and disconnect() was not: losses are followed by a reconnect. */
  private wanted = false;
  private current: LiveStatus = 'disconnected';
  private reconnectTimer: Timer | undefined;
  private readonly delayed = new Set<Timer>();
  private readonly statusListeners = new Set<(status: LiveStatus) => void>();
  private readonly subscriptions = new Map<string, Set<LiveHandler>>();
  private readonly log: LiveLogger;
  private readonly reconnectMs: number;

  constructor(private readonly options: LiveClientOptions) {
    this.log = options.logger ?? console;
    this.reconnectMs = options.reconnectMs ?? NOTIFICATION_RECONNECT_MS;
  }

  get status(): LiveStatus {
    return this.current;
  }

  /** Topic filters currently registered (subscribed, or to be subscribed again after a reconnect). */
  get topics(): string[] {
    return [...this.subscriptions.keys()];
  }

  onStatus(listener: (status: LiveStatus) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  connect(): void {
    // Spec section 8: a second connect while a client exists (or is being set up) is ignored.
    if (this.client || this.fetching) return;
    this.wanted = true;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    this.setStatus('loading');
    this.fetching = true;
    const generation = this.generation;
    Promise.all([this.options.credentials(), loadMqtt()]).then(
      ([credentials, mqtt]) => {
        if (generation !== this.generation) return;
        this.fetching = false;
        this.open(credentials, mqtt);
      },
      (error: unknown) => {
        if (generation !== this.generation) return;
        this.fetching = false;
        this.log.error('Cannot subscribe to notification service', error);
        this.afterLoss();
      },
    );
  }

  /** Ends the connection for good (logout): no reconnect, no registered topics, no pending entries. */
  disconnect(): void {
    this.wanted = false;
    this.generation += 1;
    this.fetching = false;
    clearTimeout(this.reconnectTimer);
    this.reconnectTimer = undefined;
    for (const timer of this.delayed) clearTimeout(timer);
    this.delayed.clear();
    this.subscriptions.clear();
    if (this.client) this.reset(this.client);
    this.setStatus('disconnected');
  }

  /** Subscribes a handler to an explicit topic or a filter ending in `+`; returns its unsubscribe. */
  subscribe(topic: string, handler: LiveHandler): () => void {
    if (!isExplicitTopic(topic)) {
      this.log.warn('Not an explizit topic!', topic);
      return noop;
    }
    if (!this.client || this.current !== 'connected') {
      this.log.warn('not connected', topic);
      return noop;
    }
    const handlers = this.subscriptions.get(topic);
    if (handlers) handlers.add(handler);
    else {
      this.subscriptions.set(topic, new Set([handler]));
      this.sendSubscribe(this.client, topic);
    }
    return () => this.unsubscribe(topic, handler);
  }

  unsubscribe(topic: string, handler: LiveHandler): void {
    const handlers = this.subscriptions.get(topic);
    if (!handlers?.delete(handler) || handlers.size > 0) return;
    this.subscriptions.delete(topic);
    if (!this.client || this.current !== 'connected') return;
    this.client.unsubscribe(topic, (error?: Error) => {
      // After disconnect() the dropped connection fails pending requests; that is no failure worth a log.
      if (error && this.wanted) this.log.error(`Cannot unsubscribe from ${topic}`, error);
    });
  }

  private open(credentials: LiveCredentials, mqtt: Mqtt) {
    const clientId = `${credentials.clientIdPrefix ?? ''}${randomUuid()}`.slice(0, MQTT_CLIENT_ID_LENGTH);
    const page = (globalThis as { location?: { protocol: string; host: string } }).location;
    const client = mqtt.connect(brokerUrl(credentials.url, page), {
      clientId,
      username: credentials.username,
      password: credentials.password,
      protocolVersion: 4,
      keepalive: MQTT_KEEPALIVE_S,
      connectTimeout: MQTT_CONNECT_TIMEOUT_MS,
      reconnectPeriod: 0,
      clean: true,
      timerVariant: this.options.timerVariant ?? 'auto',
    });
    this.client = client;
    let wasConnected = false;
    client.on('connect', () => {
      wasConnected = true;
      this.setStatus('connected');
      for (const topic of this.subscriptions.keys()) this.sendSubscribe(client, topic);
    });
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('error', (error) => this.log.error('Cannot subscribe to notification service', error));
    client.on('close', () => {
      if (this.client !== client) return;
      if (wasConnected) this.log.warn('Lost notification connection');
      this.reset(client);
      this.afterLoss();
    });
  }

  /** An ending connection is reset: the next connect starts from scratch. */
  private reset(client: MqttClient) {
    if (this.client === client) this.client = undefined;
    client.removeAllListeners();
    // A late socket error of the discarded client must not surface as an unhandled 'error' event.
    client.on('error', noop);
    client.end(true);
  }

  private afterLoss() {
    this.setStatus('disconnected');
    if (!this.wanted || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = undefined;
      if (this.wanted) this.connect();
    }, this.reconnectMs);
  }

  private sendSubscribe(client: MqttClient, topic: string) {
    client.subscribe(topic, { qos: 0 }, (error, granted) => {
      const refused = granted?.some((grant) => grant.qos === 128);
      if (!error && !refused) return;
      // Spec section 8: a failed subscription is logged and cancelled (not retried on reconnect).
      this.log.error(`Subscription to ${topic} failed`, error ?? granted);
      this.subscriptions.delete(topic);
    });
  }

  private receive(topic: string, payload: Uint8Array) {
    let message: TopicMessage;
    try {
      message = JSON.parse(decoder.decode(payload)) as TopicMessage;
    } catch (error) {
      this.log.error(`Invalid notification payload on ${topic}`, error);
      return;
    }
    this.process(topic, message);
  }

  /** Delivers an entry, or holds a not-yet-ready one back until its not-before time. */
  private process(topic: string, message: TopicMessage) {
    if (message.ready === false && message.notBefore) {
      const wait = Date.parse(message.notBefore) - Date.now();
      if (wait > 0) {
        const timer = setTimeout(() => {
          this.delayed.delete(timer);
          this.process(topic, { ...message, ready: true });
        }, wait);
        this.delayed.add(timer);
        return;
      }
      message = { ...message, ready: true };
    }
    const handlers = new Set<LiveHandler>();
    for (const [filter, set] of this.subscriptions) {
      if (topicMatches(filter, topic)) for (const handler of set) handlers.add(handler);
    }
    for (const handler of handlers) {
      try {
        handler(message, topic);
      } catch (error) {
        this.log.error(`Notification handler for ${topic} failed`, error);
      }
    }
  }

  private setStatus(next: LiveStatus) {
    if (next === this.current) return;
    this.current = next;
    for (const listener of this.statusListeners) listener(next);
  }
}
