import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema/jobs';
import { medias } from '../../src/db/schema/media';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  // No worker: this file drives the repository's claim and recovery itself.
  ctx = await createTestApp({}, { jobs: false });
});
afterAll(() => ctx.close());

async function queue(n: number) {
  const { db } = ctx.app.services.database;
  const [media] = await db
    .insert(medias)
    .values({
      corporationId: ctx.owner.corporationId,
      workspaceId: ctx.owner.workspaceId,
      name: 'm',
      origin: 'upload',
    })
    .returning();
  const rows = Array.from({ length: n }, (_, i) => ({
    corporationId: ctx.owner.corporationId,
    workspaceId: ctx.owner.workspaceId,
    type: 'thumbnail',
    mediaId: media!.id,
    priority: i === n - 1 ? 5 : 0,
  }));
  return db.insert(jobs).values(rows).returning();
}

describe(`job claiming (${testDbEngine()})`, () => {
  it('hands every queued job to exactly one of several concurrent workers, highest priority first', async () => {
    const queued = await queue(12);
    const repo = ctx.app.services.jobs.repo;
    const first = await repo.claim('worker-0');
    expect(first?.id).toBe(queued.at(-1)!.id);
    const claimed: string[] = [first!.id];
    await Promise.all(
      ['worker-a', 'worker-b', 'worker-c'].map(async (worker) => {
        for (;;) {
          const job = await repo.claim(worker);
          if (!job) return;
          expect(job).toMatchObject({ state: 'running', lockedBy: worker, attempts: 1 });
          claimed.push(job.id);
        }
      }),
    );
    expect(claimed.sort()).toEqual(queued.map((j) => j.id).sort());
  });

  it('finds running jobs whose heartbeat went stale, and only those', async () => {
    const repo = ctx.app.services.jobs.repo;
    const [a, b] = await queue(2);
    await repo.claim('dead-worker');
    await repo.claim('live-worker');
    await repo.update(a!.id, { heartbeatAt: new Date(Date.now() - 60_000) });
    await repo.update(b!.id, { heartbeatAt: new Date() });
    const stale = (await repo.orphans(15_000)).map((j) => j.id);
    expect(stale).toContain(a!.id);
    expect(stale).not.toContain(b!.id);
    expect((await repo.orphans('all')).map((j) => j.id)).toEqual(expect.arrayContaining([a!.id, b!.id]));
  });

  it('decides a cancel racing completion in the database: only one transition wins', async () => {
    const repo = ctx.app.services.jobs.repo;
    const [job] = await queue(1);
    await repo.claim('w');
    const [cancel, finish] = await Promise.all([
      repo.updateIf(job!.id, ['queued', 'running'], { state: 'cancelled' }),
      repo.updateIf(job!.id, 'running', { state: 'done' }),
    ]);
    expect([cancel, finish].filter(Boolean)).toHaveLength(1);
  });
});
