import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type NotifyChannel, openNotifyChannel } from '../../src/db/notify-channel';
import { openTestDatabase, testDbEngine } from '../helpers/test-database';
import { testPool } from '../helpers/test-pool';

/**
 * The LISTEN/NOTIFY channel between server processes (db/notify-channel.ts), with two channels standing
 * for two processes on one PostgreSQL database: a sender's own handler hears its message once, from the
 * sender and not again from the database; the other process hears it, and the send resolves only after
 * the other has acknowledged it, in one statement on the pool.
 */
describe.skipIf(testDbEngine() !== 'postgresql')('notify channel between processes (postgresql)', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  const pools: pg.Pool[] = [];
  const channels: NotifyChannel<{ n: number }>[] = [];
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    for (const c of channels) await c.close();
    for (const p of pools) await p.end();
    await database.close();
  });

  /** One process's side: its pool, the messages its handler saw, and whether it listens. */
  function process(handle: (m: { n: number }) => void = () => {}) {
    const pool = testPool(database.url!, 2);
    pools.push(pool);
    const heard: number[] = [];
    const state = { up: false };
    const channel = openNotifyChannel<{ n: number }>(database.url!, pool, 'stromwerk_test', {
      message: (m) => {
        heard.push(m.n);
        handle(m);
      },
      listening: (up) => {
        state.up = up;
      },
    });
    channels.push(channel);
    return { pool, channel, heard, state };
  }

  it('hands a message to its own handler once and resolves after the other process handled it', async () => {
    let slowUntil = 0;
    const a = process();
    const b = process(() => {
      // The other process takes its time; its acknowledgement comes after its handler.
      const end = Date.now() + 150;
      slowUntil = end;
      while (Date.now() < end) {}
    });
    await vi.waitFor(() => expect(a.state.up && b.state.up).toBe(true), { timeout: 10_000 });
    const statements = vi.spyOn(a.pool, 'query');

    await a.channel.publish({ n: 1 });
    expect(Date.now()).toBeGreaterThanOrEqual(slowUntil);
    expect(b.heard).toEqual([1]);
    expect(statements).toHaveBeenCalledTimes(1);
    // Its own listening connection brings the message back: not handled a second time.
    await b.channel.publish({ n: 2 });
    await vi.waitFor(() => expect(a.heard).toEqual([1, 2]));
    await new Promise((r) => setTimeout(r, 200));
    expect(a.heard).toEqual([1, 2]);
    expect(b.heard).toEqual([1, 2]);
  });
  it('counts the listeners once for a burst of sends, and again when a process starts listening', async () => {
    const a = process();
    const b = process();
    await vi.waitFor(() => expect(a.state.up && b.state.up).toBe(true), { timeout: 10_000 });
    const statements = vi.spyOn(a.pool, 'query');
    const counting = () =>
      statements.mock.calls.filter(([text]) => String(text).includes('pg_stat_activity')).length;
    // Sent side by side: every one waits for b, and pg_stat_activity is read once.
    await Promise.all([10, 11, 12, 13, 14].map((n) => a.channel.publish({ n })));
    expect(b.heard).toEqual(expect.arrayContaining([10, 11, 12, 13, 14]));
    expect(counting()).toBe(1);

    // A third process says it listens: a's next send counts again and waits for it too.
    let cHandledAt = 0;
    const c = process((m) => {
      if (m.n !== 20) return;
      const end = Date.now() + 150;
      while (Date.now() < end) {}
      cHandledAt = end;
    });
    await vi.waitFor(() => expect(c.state.up).toBe(true), { timeout: 10_000 });
    await new Promise((r) => setTimeout(r, 100)); // its hello reaches a
    await a.channel.publish({ n: 20 });
    expect(counting()).toBe(2);
    expect(cHandledAt).toBeGreaterThan(0);
    expect(Date.now()).toBeGreaterThanOrEqual(cHandledAt);
  });
});
