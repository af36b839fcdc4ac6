import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCK_APPLICATION_NAME, PgLockSession } from '../../src/db/lock-session';
import { LeaseKeeper } from '../../src/modules/live/lease-keeper';
import { LeasesRepository } from '../../src/modules/live/leases.repository';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// Issue 29: a lease is an advisory lock held by a process's database session. One holder at a time;
// a crashed holder's leases are orphans at once; a hung holder is evicted after HUNG_AFTER_MS; a stale
// holder's writes are refused by the fencing token.
let ctx: TestContext;
let repo: LeasesRepository;
const keepers: LeaseKeeper[] = [];
const silent = { warn() {}, info() {}, error() {}, debug() {} } as unknown as FastifyBaseLogger;
const ready = { state: 'ready', ready: true };

beforeAll(async () => {
  ctx = await createTestApp();
  repo = new LeasesRepository(ctx.app.services.database.db);
});
afterAll(async () => {
  for (const k of keepers) await k.stop();
  await ctx.close();
});

const newSource = async (name: string) =>
  (
    await op(ctx.app, 'sources.create', {
      token: ctx.owner.token,
      body: { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp' },
    })
  ).body.id as string;

/** A lease keeper with its own lock session, as another server process would have. */
async function keeper(media = ready) {
  const session =
    ctx.databaseUrl === undefined
      ? ctx.app.services.database.lockSession(silent)
      : new PgLockSession(ctx.databaseUrl, silent);
  const k = new LeaseKeeper(repo, session, {
    log: silent,
    role: 'media',
    regions: [],
    media,
    cluster: ctx.databaseUrl !== undefined,
  });
  keepers.push(k);
  if (ctx.databaseUrl !== undefined) await k.start();
  else await session.start();
  return k;
}

const waitFor = async (what: string, check: () => boolean | Promise<boolean>, ms = 10_000) => {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe(`live leases (${testDbEngine()})`, () => {
  it('a claim writes the fence; a release frees the thing; writes need the current fence', async () => {
    const sources = ctx.app.services.sources.repo;
    const id = await newSource('Leased');
    const a = await keeper();
    const fence = await a.claim('source', id);
    expect(fence).toEqual({ holder: a.me, token: expect.any(Number) });
    expect(await a.claim('source', id)).toEqual(fence);
    expect(await sources.updateFenced(id, { live: true }, fence!)).toBeDefined();
    expect(
      await sources.updateFenced(id, { live: false }, { ...fence!, token: fence!.token + 1 }),
    ).toBeUndefined();
    await a.release('source', id);
    expect(await repo.current('source', id)).toBeUndefined();
    expect(await sources.updateFenced(id, { live: false }, fence!)).toBeUndefined();
  });

  it('a token never goes back: a thing given back and taken again gets a higher one', async () => {
    const id = await newSource('Taken again');
    const [a, b] = [await keeper(), await keeper()];
    const tokens: number[] = [];
    for (const k of [a, b, a]) {
      const fence = await k.claim('source', id);
      tokens.push(fence!.token);
      // Given back for good (as an orphan corrected offline is): the row is deleted.
      await k.release('source', id);
      expect(await repo.current('source', id)).toBeUndefined();
    }
    expect(tokens[1]).toBeGreaterThan(tokens[0]!);
    expect(tokens[2]).toBeGreaterThan(tokens[1]!);
  });

  it('a process whose media is not ready takes no lease, but may correct an orphan', async () => {
    const id = await newSource('Not ready');
    const k = await keeper({ state: 'detecting', ready: false });
    expect(await k.claim('source', id)).toBeUndefined();
    expect(await k.claim('source', id, { correction: true })).toBeDefined();
  });

  it.skipIf(testDbEngine() !== 'postgresql')(
    'one holder at a time; a killed holder is an orphan at once and its successor fences it off',
    async () => {
      const sources = ctx.app.services.sources.repo;
      const id = await newSource('Contested');
      const [a, b, c] = [await keeper(), await keeper(), await keeper()];
      const lost: string[] = [];
      a.handle('source', { inUse: () => true, lost: (x) => void lost.push(x), orphaned: () => {} });
      const orphans: string[] = [];
      b.handle('source', { inUse: () => true, lost: () => {}, orphaned: (x) => void orphans.push(x) });
      const first = await a.claim('source', id);
      expect(first?.token).toBeGreaterThan(0);
      // Two others racing while A holds it: both refused.
      expect(await Promise.all([b.claim('source', id), c.claim('source', id)])).toEqual([
        undefined,
        undefined,
      ]);
      // A's database session ends (as when its process is killed): the lock goes with it.
      const admin = new pg.Client({ connectionString: ctx.databaseUrl });
      await admin.connect();
      const killedAt = Date.now();
      await admin.query(
        'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1 AND pid = $2',
        [LOCK_APPLICATION_NAME, (a as unknown as { session: PgLockSession }).session.backendPid],
      );
      await waitFor('the orphan seen by B', () => orphans.includes(id));
      const noticedMs = Date.now() - killedAt;
      await waitFor('A told it lost its lease', () => lost.includes(id));
      const second = await b.claim('source', id);
      expect(second).toEqual({ holder: b.me, token: expect.any(Number) });
      expect(second!.token).toBeGreaterThan(first!.token);
      // A's late write with its old token is refused; B's goes through.
      expect(await sources.updateFenced(id, { live: true }, first!)).toBeUndefined();
      expect(await sources.updateFenced(id, { live: true }, second!)).toBeDefined();
      await admin.end();
      console.log(JSON.stringify({ leaseOrphanNoticedMs: noticedMs }));
    },
  );

  it.skipIf(testDbEngine() !== 'postgresql')(
    'a process whose heartbeat stopped is evicted: its session ends and its leases are orphans',
    async () => {
      const id = await newSource('Hung');
      const [a, b] = [await keeper(), await keeper()];
      const lost: string[] = [];
      a.handle('source', { inUse: () => true, lost: (x) => void lost.push(x), orphaned: () => {} });
      const first = await a.claim('source', id);
      expect(first).toBeDefined();
      // A's heartbeat as a hung process leaves it: far in the past (its timers still run, so it is
      // moved back on every beat until B evicts it).
      const admin = new pg.Client({ connectionString: ctx.databaseUrl });
      await admin.connect();
      const age = async () =>
        admin.query("UPDATE live_processes SET beat_at = now() - interval '60 s' WHERE holder = $1", [a.me]);
      const aging = setInterval(() => void age(), 100);
      await waitFor('A evicted (its lock session ended)', () => lost.includes(id), 15_000);
      clearInterval(aging);
      const second = await b.claim('source', id);
      expect(second?.holder).toBe(b.me);
      expect(second!.token).toBeGreaterThan(first!.token);
      await admin.end();
    },
  );
});
