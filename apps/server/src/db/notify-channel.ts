import { randomUUID } from 'node:crypto';
import type pg from 'pg';

/** A PostgreSQL LISTEN/NOTIFY channel between the server processes on one database. */
export interface NotifyChannel<M> {
  /**
   * Hand the message to this process's handler and NOTIFY every other listener; resolve once each that was
   * connected when it was sent has handled it and said so (an acknowledgement on the same channel), or
   * after two seconds when one does not answer (a process that is stopping or stuck). Without a listening
   * connection of its own it resolves after the NOTIFY alone.
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
const NOTIFY_ONLY = 'SELECT pg_notify($1, $2)';
const NOTIFY_COUNTING = `SELECT pg_notify($1, $2), (SELECT count(*)::int FROM pg_stat_activity
  WHERE datname = current_database() AND application_name = $3) AS n`;
const RECONNECT_MS = 1_000;
/**
 * How long a count of the listening processes is used again. Counting reads pg_stat_activity, a copy of
 * every backend's state: at 10 sends side by side PostgreSQL ran 4,100 of them a second against 27,000
 * NOTIFYs alone (pgbench), and a burst of creates paid it on each. A process that starts listening says so
 * on the channel and a send that missed an acknowledgement drops the count, so a stale one is not used.
 */
const COUNT_FRESH_MS = 250;
/** The acknowledgement a process sends when it starts listening: senders count again. */
const HELLO = 'hello:';

/**
 * A dedicated connection LISTENs (reconnecting after a second when it is lost); NOTIFY goes through the
 * pool. Messages are JSON: `{ tag, message }`, answered by every other listener with `{ ack: tag }` once it
 * has handled the message. The listening connections carry an application name, so a sender counts them in
 * `pg_stat_activity`, in the NOTIFY's own statement, and knows how many acknowledgements to wait for
 * (every server process uses the same database role, whose own sessions it always sees there). A burst
 * of sends counts once (COUNT_FRESH_MS).
 *
 * The sending process hands its own message to its handler at once and skips it when its listening
 * connection brings it back: a create or update on PostgreSQL was five statements, two of them this
 * process acknowledging itself through the database (issue 32); now it is one for the channel. Its own
 * handler also hears the message while its listening connection is down.
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
  const waiting = new Map<string, { acked: number; expected: number; done: () => void }>();
  let client: pg.Client | undefined;
  let up = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  /** The listening processes (this one included) when last counted; sends of a burst share one count. */
  let counted: { n: Promise<number>; at: number } | undefined;

  const setUp = (value: boolean) => {
    if (up === value) return;
    up = value;
    counted = undefined;
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
        // An acknowledgement nobody waits for to every older process: one more listener.
        if (parsed.ack.startsWith(HELLO) && parsed.ack !== `${HELLO}${me}`) counted = undefined;
        const w = waiting.get(parsed.ack);
        if (w && ++w.acked >= w.expected) w.done();
        return;
      }
      if (parsed.tag.startsWith(`${me}:`)) return; // handed to the handler when it was sent
      handlers.message(parsed.message);
      c.query(NOTIFY_ONLY, [channel, JSON.stringify({ ack: parsed.tag })]).catch(() => {});
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      if (client === c && !closed) setUp(true);
      await c.query(NOTIFY_ONLY, [channel, JSON.stringify({ ack: `${HELLO}${me}` })]);
    } catch {
      lost();
    }
  };
  void connect();

  return {
    async publish(message) {
      const tag = `${me}:${++seq}`;
      const payload = JSON.stringify({ tag, message });
      handlers.message(message);
      if (!up) {
        await pool.query(NOTIFY_ONLY, [channel, payload]);
        return;
      }
      let timer: NodeJS.Timeout | undefined;
      const entry = { acked: 0, expected: Number.POSITIVE_INFINITY, done: () => {} };
      const acknowledged = new Promise<void>((resolve) => {
        entry.done = resolve;
        timer = setTimeout(resolve, ACK_TIMEOUT_MS);
      });
      waiting.set(tag, entry);
      try {
        // Counted in the statement that sends, before its commit delivers it: a listener that connects
        // later starts with an empty cache anyway. An acknowledgement may come before the count does.
        const known = counted && Date.now() - counted.at < COUNT_FRESH_MS ? counted : undefined;
        let n: number;
        if (known) {
          // The count's statement may still be on its way; a failed one counts nobody.
          [n] = await Promise.all([known.n.catch(() => 1), pool.query(NOTIFY_ONLY, [channel, payload])]);
        } else {
          const count = pool
            .query<{ n: number }>(NOTIFY_COUNTING, [channel, payload, applicationName])
            .then(({ rows }) => rows[0]?.n ?? 1);
          const mine = { n: count, at: Date.now() };
          counted = mine;
          n = await count.catch((err) => {
            if (counted === mine) counted = undefined;
            throw err;
          });
        }
        // This process's own listening connection is among them; it does not answer itself.
        entry.expected = n - 1;
        if (entry.acked >= entry.expected) entry.done();
        await acknowledged;
        // One did not answer in time (gone or stuck): the next send counts again.
        if (entry.acked < entry.expected) counted = undefined;
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
