import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** A PostgreSQL LISTEN/NOTIFY channel between the server processes on one database. */
export interface NotifyChannel<M> {
  /**
   * NOTIFY every listener (this process too) and resolve once each listener that was connected when it was
   * sent has handled it and said so (an acknowledgement on the same channel), or after two seconds when
   * one does not answer (a process that is stopping or stuck). Without a listening connection of its own it
   * resolves after the NOTIFY alone.
   */
  publish(message: M): Promise<void>;
  close(): Promise<void>;
}

export interface NotifyHandlers<M> {
  /** Every message on the channel, from any process (this one included). */
  message(message: M): void;
  /** The listening connection went up (LISTEN done) or down (a message may have been missed). */
  listening(up: boolean): void;
}

const ACK_TIMEOUT_MS = 2_000;
const RECONNECT_MS = 1_000;

/**
 * A dedicated connection LISTENs (reconnecting after a second when it is lost); NOTIFY goes through the
 * pool. Messages are JSON: `{ tag, message }`, answered by every listener with `{ ack: tag }` once it has
 * handled the message. The listening connections carry an application name, so a sender counts them in
 * `pg_stat_activity` and knows how many acknowledgements to wait for (every server process uses the same
 * database role, whose own sessions it always sees there).
 */
export function openNotifyChannel<M>(
  url: string,
  pool: pg.Pool,
  channel: string,
  handlers: NotifyHandlers<M>,
): NotifyChannel<M> {
  const me = randomUUID();
  const applicationName = `stromwerk listen ${channel}`.slice(0, 63);
  let seq = 0;
  /** Tags this process sent, with the acknowledgements still missing. */
  const waiting = new Map<string, { missing: number; done: () => void }>();
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;

  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    if (!value) for (const w of waiting.values()) w.done();
    handlers.listening(value);
  };

  const connect = async () => {
    const { default: pg } = await import('pg');
    const c = new pg.Client({ connectionString: url, application_name: applicationName });
    client = c;
    const lost = () => {
      if (client !== c) return;
      client = undefined;
      setUp(false);
      c.end().catch(() => {});
      if (!closed) retry = setTimeout(() => void connect(), RECONNECT_MS);
    };
    c.on('error', lost);
    c.on('end', lost);
    c.on('notification', (n) => {
      if (n.channel !== channel || !n.payload) return;
      let parsed: { tag: string; message: M } | { ack: string };
      try {
        parsed = JSON.parse(n.payload);
      } catch {
        return;
      }
      if ('ack' in parsed) {
        const w = waiting.get(parsed.ack);
        if (w && --w.missing <= 0) w.done();
        return;
      }
      handlers.message(parsed.message);
      c.query('SELECT pg_notify($1, $2)', [channel, JSON.stringify({ ack: parsed.tag })]).catch(() => {});
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === c && !closed) setUp(true);
    } catch {
      lost();
    }
  };
  void connect();

  return {
    async publish(message) {
      const tag = `${me}:${++seq}`;
      const payload = JSON.stringify({ tag, message });
      if (!up) {
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const acknowledged = new Promise<void>((resolve) => {
        waiting.set(tag, { missing: Number.POSITIVE_INFINITY, done: resolve });
        timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      });
      try {
        // Counted before sending: a listener that connects later starts with an empty cache anyway.
        const { rows } = await pool.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
          [applicationName],
        );
        const w = waiting.get(tag)!;
        w.missing = rows[0]?.n ?? 0;
        await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
        if (w.missing <= 0) w.done();
        await acknowledged;
      } finally {
        clearTimeout(timer);
        waiting.delete(tag);
      }
    },
    async close() {
      closed = true;
      clearTimeout(retry);
      const c = client;
      client = undefined;
      setUp(false);
      await c?.end().catch(() => {});
    },
  };
}
