import type { TopicMessage } from '@stromwerk/contracts/notifications';

export type LiveStatus = 'disconnected' | 'loading' | 'connected';

/** GET /v1/broker/credentials: where to connect and as whom. */
export interface LiveCredentials {
  url: string;
  username: string;
  password: string;
  clientIdPrefix?: string;
}

export type LiveHandler = (message: TopicMessage, topic: string) => void;

export interface LiveLogger {
  error(message: string, ...detail: unknown[]): void;
  warn(message: string, ...detail: unknown[]): void;
}

export interface LiveClientOptions {
  credentials: () => Promise<LiveCredentials>;
  logger?: LiveLogger;
  /** Spec section 9: 1000 ms. */
  reconnectMs?: number;
  /**
   * mqtt.js keepalive timers: 'auto' runs them in a Web Worker in browsers, so background tabs keep
   * pinging; 'native' is for environments without workers (jsdom in tests).
   */
  timerVariant?: 'auto' | 'native';
}
