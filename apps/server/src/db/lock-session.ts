/**
 * The database session that holds this process's live leases (issue 29, item 5). A lease is a
 * session-level advisory lock: PostgreSQL releases it the moment the session ends, and a killed process's
 * kernel closes its socket, so its backend ends at once and its streams can be taken over in well under a
 * second, without waiting for an expiry. A process that merely stalls keeps its session and its locks.
 *
 * One dedicated connection (session locks need a direct or session-mode pooled connection, as LISTEN
 * does). Its state: connecting -> up -> lost -> connecting … Every loss ends every lock at once; the
 * keeper is told (`onLost`) and stops what ran under them. Each session has its own holder name, so rows
 * written under a lost session are orphans like a dead process's, never mistaken for the new session's.
 *
 * On PGlite there is one process and one session: `localLockSession` grants every lock.
 */
import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type pg from 'pg';

export interface LockSession {
  /** Whether locks can be taken now (the session is connected). */
  readonly up: boolean;
  /** The lease holder name of the current session: host/pid/random/session number. */
  readonly holder: string;
  /** The database backend of the current session (PostgreSQL), written into the process's heartbeat. */
  readonly backendPid: number | undefined;
  /** Opens the session (resolves after the first attempt; it keeps trying in the background). */
  start(): Promise<void>;
  tryLock(key: bigint): Promise<boolean>;
  unlock(key: bigint): Promise<void>;
  /** Called when the session is lost (every lock gone) and when a new one is up. */
  onChange(listener: (up: boolean) => void): () => void;
  close(): Promise<void>;
}

const RECONNECT_MS = 500;
export const LOCK_APPLICATION_NAME = 'stromwerk live locks';
const processName = () => `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;

/** PGlite: the only process; every lock is granted and the session never ends. */
export function localLockSession(): LockSession {
  const holder = `${processName()}/1`;
  return {
    up: true,
    holder,
    backendPid: undefined,
    start: async () => {},
    tryLock: async () => true,
    unlock: async () => {},
    onChange: () => () => {},
    close: async () => {},
  };
}

export class PgLockSession implements LockSession {
  private client: pg.Client | undefined;
  private readonly name = processName();
  private session = 0;
  private closed = false;
  private retry: NodeJS.Timeout | undefined;
  private readonly listeners = new Set<(up: boolean) => void>();
  up = false;
  holder = '';
  backendPid: number | undefined;

  constructor(
    private readonly url: string,
    private readonly log: { warn(o: object, m: string): void; info(o: object, m: string): void },
  ) {}

  /** Resolves once the first session is up (or failed once; it keeps trying in the background). */
  async start() {
    await this.connect();
  }

  onChange(listener: (up: boolean) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(up: boolean) {
    if (this.up === up) return;
    this.up = up;
    for (const listener of this.listeners) listener(up);
  }

  private async connect() {
    if (this.closed) return;
    const { default: pg } = await import('pg');
    const client = new pg.Client({
      connectionString: this.url,
      application_name: LOCK_APPLICATION_NAME,
      // A machine that vanishes without closing its socket is noticed by keepalives (and by the heartbeat).
      keepAlive: true,
      keepAliveInitialDelayMillis: 5_000,
    });
    const lost = (err?: Error) => {
      if (this.client !== client) return;
      this.client = undefined;
      this.backendPid = undefined;
      this.log.warn(
        { err: err?.message, holder: this.holder },
        'the live lock session was lost: every lease with it',
      );
      this.set(false);
      client.end().catch(() => {});
      if (!this.closed) this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      // The server side notices a silent peer too, and never ends this session for being idle.
      await client.query(
        "SET tcp_keepalives_idle = 5; SET tcp_keepalives_interval = 2; SET tcp_keepalives_count = 3; SET idle_session_timeout = 0; SET statement_timeout = '10s'",
      );
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      this.client = client;
      this.backendPid = rows[0]!.pid;
      this.holder = `${this.name}/${++this.session}`;
      this.set(true);
    } catch (err) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      this.log.warn({ err: (err as Error).message }, 'opening the live lock session failed; retrying');
      if (!this.closed) this.retry = setTimeout(() => void this.connect(), RECONNECT_MS);
    }
  }

  async tryLock(key: bigint): Promise<boolean> {
    const client = this.client;
    if (!client) return false;
    try {
      const { rows } = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1::int8) AS ok', [
        key.toString(),
      ]);
      // The session may have been lost while asking: a lock of a dead session is no lock.
      return rows[0]!.ok && this.client === client;
    } catch {
      return false;
    }
  }

  async unlock(key: bigint) {
    const client = this.client;
    if (!client) return;
    await client.query('SELECT pg_advisory_unlock($1::int8)', [key.toString()]).catch(() => {});
  }

  async close() {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.set(false);
    await client?.end().catch(() => {});
  }
}
