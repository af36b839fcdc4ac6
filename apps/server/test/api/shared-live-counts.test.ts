import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StromwerkApp } from '../../src/app';
import { programDir } from '../../src/modules/outputs/program-engine';
import { sharedRoot } from '../../src/plugins/config';
import { openDatabase } from '../../src/plugins/db';
import { sharedRateLimitStore } from '../../src/plugins/shared-rate-limit';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { secondApp } from '../helpers/second-app';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * The last per-process counters made cluster-wide (issue 19): the plain request-rate limits of public
 * routes, the viewer figures of the Flowchart and the statistics, and watch time. On PostgreSQL a second
 * app on the same database plays a second server process (its own pool, memory and meter); on PGlite the
 * same figures are checked in the one process.
 */
const sharedDir = mkdtempSync(join(tmpdir(), 'sw-shared-counts-'));
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp({ SHARED_DIR: sharedDir }, { sharedLimits: true });
});
afterAll(async () => {
  await ctx.close();
  rmSync(sharedDir, { recursive: true, force: true });
});

/** Another server process on the same PostgreSQL database and the same SHARED_DIR. */
const secondProcess = (url: string) => secondApp(url, { SHARED_DIR: sharedDir }, { sharedLimits: true });

async function newPlayer(name: string) {
  const res = await op(ctx.app, 'outputs.create', {
    token: ctx.owner.token,
    body: { workspaceId: ctx.owner.workspaceId, name },
  });
  expect(res.status).toBe(201);
  // The playlist as the program writer (on whichever process holds the output) leaves it in SHARED_DIR.
  const dir = programDir(sharedRoot(ctx.app.services.config), res.body.id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.m3u8'),
    '#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:2\n#EXT-X-MEDIA-SEQUENCE:0\n#EXTINF:2.0,\nseg_0.ts\n',
  );
  return res.body.id;
}

/** A player session from `address` (each test its own, so the per-address rate limit is its own too). */
async function session(app: StromwerkApp, id: string, address: string) {
  const res = await app.inject({
    method: 'POST',
    url: `/v1/play/${id}/session`,
    payload: {},
    remoteAddress: address,
  });
  const body = res.json() as { token: string; viewers: number; code?: string };
  return { status: res.statusCode, body, headers: res.headers };
}
const playlist = (app: StromwerkApp, id: string, token: string) =>
  app.inject({ method: 'GET', url: `/v1/play/${id}/index.m3u8`, query: { t: token } });
const graphViewers = async (app: StromwerkApp, id: string) => {
  const g = await op(app, 'graph.ofWorkspace', {
    token: ctx.owner.token,
    params: { id: ctx.owner.workspaceId },
  });
  expect(g.status).toBe(200);
  return (g.body.nodes.find((n) => n.refId === id) as { viewers?: number } | undefined)?.viewers;
};
const statistics = async (app: StromwerkApp, id: string) =>
  (await op(app, 'outputs.statistics', { token: ctx.owner.token, params: { id } })).body;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`viewer figures and watch time in one process (${testDbEngine()})`, () => {
  it('the Flowchart and the statistics count the viewers of a player; watch time runs between requests', async () => {
    const id = await newPlayer('One process');
    const a = await session(ctx.app, id, '192.0.2.1');
    // Watch time runs from the admission (the player loading) to each playlist request.
    const started = Date.now();
    const b = await session(ctx.app, id, '192.0.2.1');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(b.body.viewers).toBe(2);
    expect(await graphViewers(ctx.app, id)).toBe(2);
    expect(await statistics(ctx.app, id)).toMatchObject({ currentViewers: 2, peakViewers: 2, views: 2 });
    expect((await playlist(ctx.app, id, a.body.token)).statusCode).toBe(200);
    // A process counts a viewer at most every 2 s (play/viewer-throttle.ts): a request sooner would
    // count at the next one.
    await sleep(2100);
    expect((await playlist(ctx.app, id, a.body.token)).statusCode).toBe(200);
    const elapsed = (Date.now() - started) / 1000;
    // Stored in whole seconds per request (two requests, each rounded).
    expect(Math.abs((await statistics(ctx.app, id)).watchSeconds - elapsed)).toBeLessThanOrEqual(1.5);
  });
});

describe.skipIf(testDbEngine() !== 'postgresql')('two processes on one database (postgresql)', () => {
  let b: Awaited<ReturnType<typeof secondProcess>>;
  beforeAll(async () => {
    b = await secondProcess(ctx.databaseUrl!);
  });
  afterAll(() => b?.close());

  it('30 player sessions a minute per address means 30 across both processes', async () => {
    const id = await newPlayer('Rate limited');
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++)
      statuses.push((await session(i % 2 ? b.app : ctx.app, id, '192.0.2.2')).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    const refused = await session(ctx.app, id, '192.0.2.2');
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Another address has its own count.
    expect((await session(b.app, id, '192.0.2.5')).status).toBe(200);
  });

  it('the Flowchart, the statistics and the peak show the viewers of both processes', async () => {
    const id = await newPlayer('Two processes');
    const first = await session(ctx.app, id, '192.0.2.3');
    const second = await session(b.app, id, '192.0.2.3');
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.viewers).toBe(2);
    const third = await session(b.app, id, '192.0.2.3');
    expect(third.body.viewers).toBe(3);
    for (const app of [ctx.app, b.app]) {
      expect(await graphViewers(app, id)).toBe(3);
      expect(await statistics(app, id)).toMatchObject({ currentViewers: 3, peakViewers: 3, views: 3 });
    }
    // The usage meter's peak is the admission's cluster-wide count, whichever process wrote it.
    await Promise.all([ctx.app.services.usage.meter.flush(), b.app.services.usage.meter.flush()]);
    const hour = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
    const series = await op(ctx.app, 'usage.seriesOfWorkspace', {
      token: ctx.owner.token,
      params: { id: ctx.owner.workspaceId },
      query: {
        from: hour.toISOString(),
        to: new Date(hour.getTime() + 3_600_000).toISOString(),
        interval: 'hour',
        metrics: 'peak_viewers',
      },
    } as never);
    expect(series.status).toBe(200);
    expect((series.body as { totals: Record<string, number> }).totals.peak_viewers).toBeGreaterThanOrEqual(3);
  });

  it('a viewer whose playlist requests alternate between the processes is timed once', async () => {
    const id = await newPlayer('Round robin');
    const viewer = await session(ctx.app, id, '192.0.2.4');
    let started = 0;
    for (let i = 0; i < 5; i++) {
      if (i > 0) await sleep(1000);
      expect((await playlist(i % 2 ? b.app : ctx.app, id, viewer.body.token)).statusCode).toBe(200);
      if (i === 0) started = Date.now();
    }
    const elapsed = (Date.now() - started) / 1000;
    // Each process timing its own requests would give ~6 s for these ~4 s (4 + 2, the spans overlap).
    const { watchSeconds } = await statistics(b.app, id);
    expect(Math.abs(watchSeconds - elapsed)).toBeLessThanOrEqual(1);
    expect(await graphViewers(b.app, id)).toBe(1);
  });

  it('a failing store lets requests through and warns once, instead of answering 500', async () => {
    const broken = await openDatabase({ databaseUrl: ctx.databaseUrl! });
    await broken.close();
    const warn = vi.fn();
    const Store = sharedRateLimitStore(broken.db, { warn } as never);
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/v1/play/:id/session' } });
    const results: unknown[] = [];
    for (let i = 0; i < 3; i++)
      results.push(
        await new Promise((resolve) => store.incr('192.0.2.1', (e, r) => resolve(e ?? r), 60_000)),
      );
    expect(results).toEqual(Array(3).fill({ current: 0, ttl: 60_000 }));
    expect(warn).toHaveBeenCalledTimes(1);
  });
});
