import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LeasesRepository } from '../../src/modules/live/leases.repository';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

// Issue 19: the lease table decides one owner per live thing, and a stale holder's writes are refused.
let ctx: TestContext;
let leases: LeasesRepository;
let sourceId: string;
beforeAll(async () => {
  ctx = await createTestApp();
  leases = new LeasesRepository(ctx.app.services.database.db);
  const src = await op(ctx.app, 'sources.create', {
    token: ctx.owner.token,
    body: { workspaceId: ctx.owner.workspaceId, name: 'Leased', type: 'rtmp' },
  });
  sourceId = src.body.id;
});
afterAll(() => ctx.close());

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`live leases (${testDbEngine()})`, () => {
  it('one holder at a time; an expired lease is taken over and the old holder is fenced off', async () => {
    const repo = ctx.app.services.sources.repo;
    const first = await leases.claim('source', sourceId, 'proc-a', 300);
    expect(first.outcome).toBe('acquired');
    // Concurrent claims by two others while A holds it: both refused.
    const others = await Promise.all([
      leases.claim('source', sourceId, 'proc-b', 300),
      leases.claim('source', sourceId, 'proc-c', 300),
    ]);
    expect(others.map((o) => o.outcome)).toEqual(['refused', 'refused']);
    expect(await repo.updateFenced(sourceId, { live: true }, { holder: 'proc-a', token: 1 })).toBeDefined();

    await sleep(400); // A stops renewing
    const taken = await leases.claim('source', sourceId, 'proc-b', 5000);
    expect(taken).toMatchObject({ outcome: 'taken-over', previousHolder: 'proc-a', lease: { token: 2 } });
    // A wakes up and writes with its old token: refused, B's write goes through.
    expect(
      await repo.updateFenced(sourceId, { live: false }, { holder: 'proc-a', token: 1 }),
    ).toBeUndefined();
    expect((await repo.byId(sourceId))?.live).toBe(true);
    expect(await repo.updateFenced(sourceId, { live: false }, { holder: 'proc-b', token: 2 })).toBeDefined();
    // A's renewal no longer returns the lease: it knows it lost it.
    expect((await leases.renew('proc-a')).size).toBe(0);
    expect([...(await leases.renew('proc-b')).values()]).toEqual([2]);
  });

  it('first claims racing on a free thing: exactly one wins', async () => {
    const id = (
      await op(ctx.app, 'sources.create', {
        token: ctx.owner.token,
        body: { workspaceId: ctx.owner.workspaceId, name: 'Raced', type: 'rtmp' },
      })
    ).body.id;
    const results = await Promise.all(['p1', 'p2', 'p3', 'p4'].map((p) => leases.claim('source', id, p)));
    expect(results.filter((r) => r.outcome === 'acquired')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'refused')).toHaveLength(3);
  });
});
