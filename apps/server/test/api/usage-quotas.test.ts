import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const setQuota = (corporationId: string, body: Record<string, number | null>) =>
  op(ctx.app, 'usage.updateQuota', { token: ctx.owner.token, params: { id: corporationId }, body });

describe(`usage quotas (${testDbEngine()})`, () => {
  it('a hard limit refuses with the metric, the usage and the limit', async () => {
    const t = await createTenant(ctx, 'Hard Limit Corp');
    expect((await setQuota(t.corporationId, { maxSources: 1 })).status).toBe(200);
    const source = (name: string) =>
      op(ctx.app, 'sources.create', {
        token: t.user.token,
        body: { workspaceId: t.workspaceId, name, type: 'rtmp' },
      });
    expect((await source('One')).status).toBe(201);
    const refused = expectError(await source('Two'), 403, 'QUOTA_EXCEEDED');
    expect(refused.details).toEqual([
      expect.objectContaining({ field: 'quota', metric: 'sources', used: 1, limit: 1 }),
    ]);
  });

  it('a soft limit warns once per level and month, then refuses new renders', async () => {
    const t = await createTenant(ctx, 'Soft Limit Corp');
    const updated = await setQuota(t.corporationId, { maxRenderMinutesPerMonth: 10 });
    expect(updated.body).toMatchObject({ maxRenderMinutesPerMonth: 10, maxViewerHoursPerMonth: null });
    const { usage } = ctx.app.services;
    const scope = { corporationId: t.corporationId, workspaceId: t.workspaceId };
    const warnings = async () =>
      (
        await op(ctx.app, 'notifications.list', { token: t.user.token, query: {} } as never)
      ).body.items.filter((n) => n.kind === 'usage-limit');
    const round = async (seconds: number) => {
      usage.meter.add(scope, 'render_seconds', seconds);
      await usage.meter.flush();
      // The flush's own check runs too; together they still warn once (the alert row decides).
      await Promise.all([usage.limits.check(t.corporationId), usage.limits.check(t.corporationId)]);
    };

    await round(300); // 50 %
    expect(await warnings()).toHaveLength(0);
    await round(200); // 83 %
    await round(10); // 85 %: 80 % was already warned
    const at80 = await warnings();
    expect(at80).toHaveLength(1);
    expect(at80[0]).toMatchObject({
      data: expect.objectContaining({ percent: 80, metric: 'render minutes' }),
    });
    await expect(usage.limits.assertRenderAllowed(t.corporationId)).resolves.toBeUndefined();

    await round(100); // 610 s of 600: over
    await round(5);
    const all = await warnings();
    expect(all).toHaveLength(2);
    expect(all.map((n) => (n.data as { percent: number }).percent).sort()).toEqual([100, 80]);
    // And a mail per warning to the administrator (no SMTP in tests: the outbox).
    // The flush's check may have won the alert row; ours resolved after it, so its mail is written too.
    const mails = readdirSync(join(ctx.dataDir, 'outbox'), { withFileTypes: true })
      .map((f) => f.name)
      .filter((f) => f.includes(t.user.user.email.split('@')[0]!));
    expect(mails).toHaveLength(2);
    await expect(usage.limits.assertRenderAllowed(t.corporationId)).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      details: [expect.objectContaining({ metric: 'render_seconds', used: 615, limit: 600 })],
    });
    // Live hours have no limit here: new live sessions are still allowed.
    expect(usage.limits.liveRefused(t.corporationId)).toBe(false);
  });

  it('counts quality-ladder transcoding against its monthly hours (issue 34)', async () => {
    const t = await createTenant(ctx, 'Ladder Corp');
    const updated = await setQuota(t.corporationId, { maxTranscodeHoursPerMonth: 1 });
    expect(updated.body).toMatchObject({ maxTranscodeHoursPerMonth: 1 });
    const { usage } = ctx.app.services;
    const scope = { corporationId: t.corporationId, workspaceId: t.workspaceId };
    usage.meter.add(scope, 'transcode_seconds', 3000);
    await usage.meter.flush();
    await usage.limits.check(t.corporationId);
    expect(usage.limits.transcodeRefused(t.corporationId)).toBe(false);
    usage.meter.add(scope, 'transcode_seconds', 700);
    await usage.meter.flush();
    await usage.limits.check(t.corporationId);
    // 3700 s of 3600: new ladder writers of this corporation play the source only.
    expect(usage.limits.transcodeRefused(t.corporationId)).toBe(true);
    expect(usage.limits.liveRefused(t.corporationId)).toBe(false);
    expect(
      expectError(
        await setQuota(t.corporationId, { maxTranscodeHoursPerMonth: -1 }),
        400,
        'VALIDATION_FAILED',
      ).details?.[0],
    ).toMatchObject({ field: 'body.maxTranscodeHoursPerMonth' });
  });
});

// Issue 32: the quota check of a create reads the counts triggers keep (corporation_counts) instead of
// counting the corporation's rows; they must stay equal to the real counts through every way rows go.
describe(`counted sources, targets and players (${testDbEngine()})`, () => {
  it('equal the real counts after creates, deletes, a bulk delete and a deleted workspace', async () => {
    const t = await createTenant(ctx, 'Counted Corp');
    await setQuota(t.corporationId, { maxSources: 5, maxOutputs: 5 });
    const second = await op(ctx.app, 'workspaces.create', {
      token: t.user.token,
      body: { corporationId: t.corporationId, name: 'Counted WS 2' },
    });
    const source = async (workspaceId: string, name: string) =>
      (
        await op(ctx.app, 'sources.create', {
          token: t.user.token,
          body: { workspaceId, name, type: 'rtmp' },
        })
      ).body.id as string;
    const kept = await ctx.app.services.usage.repo.roomOf(t.corporationId, 'sources');
    expect(kept).toEqual({ quota: 5, count: 0 });

    const [a, b, c] = [
      await source(t.workspaceId, 'A'),
      await source(t.workspaceId, 'B'),
      await source(t.workspaceId, 'C'),
    ];
    const d = await source(second.body.id, 'D');
    await source(second.body.id, 'E');
    await op(ctx.app, 'outputs.create', {
      token: t.user.token,
      body: { workspaceId: second.body.id, name: 'Counted player', mainSourceId: d },
    });
    const room = (kind: 'sources' | 'outputs') => ctx.app.services.usage.repo.roomOf(t.corporationId, kind);
    expect(await room('sources')).toEqual({ quota: 5, count: 5 });
    expect(await room('outputs')).toEqual({ quota: 5, count: 1 });
    expectError(
      await op(ctx.app, 'sources.create', {
        token: t.user.token,
        body: { workspaceId: t.workspaceId, name: 'F', type: 'rtmp' },
      }),
      403,
      'QUOTA_EXCEEDED',
    );

    await op(ctx.app, 'sources.remove', { token: t.user.token, params: { id: a } });
    await op(ctx.app, 'sources.bulkDelete', { token: t.user.token, body: { ids: [b, c] } });
    expect((await room('sources'))?.count).toBe(2);
    // The workspace's two sources and its player go by cascade.
    const removed = await op(ctx.app, 'workspaces.remove', {
      token: t.user.token,
      params: { id: second.body.id },
    });
    expect(removed.status).toBe(204);
    expect(await room('sources')).toEqual({ quota: 5, count: 0 });
    expect(await room('outputs')).toEqual({ quota: 5, count: 0 });
    expect((await source(t.workspaceId, 'Again')).length).toBeGreaterThan(0);
    expect((await room('sources'))?.count).toBe(1);
  });
  // Migration 0028: each database connection counts in its own shard, so creates side by side (on
  // PostgreSQL over several pool connections) each add to the sum, and a delete may count down in a
  // shard that never counted up.
  it('stay equal to the real counts with creates and deletes side by side, and go with their corporation', async () => {
    const t = await createTenant(ctx, 'Sharded Count Corp');
    const create = (name: string) =>
      op(ctx.app, 'sources.create', {
        token: t.user.token,
        body: { workspaceId: t.workspaceId, name, type: 'rtmp' },
      });
    const created = await Promise.all(Array.from({ length: 24 }, (_, i) => create(`Side ${i}`)));
    expect(created.map((r) => r.status)).toEqual(Array(24).fill(201));
    const real = async () => {
      const { rows } = await ctx.app.services.database.db.execute(
        sql`select count(*)::int as n from sources where corporation_id = ${t.corporationId}`,
      );
      return (rows[0] as { n: number }).n;
    };
    const kept = async () => (await ctx.app.services.usage.repo.roomOf(t.corporationId, 'sources'))?.count;
    expect(await real()).toBe(24);
    expect(await kept()).toBe(24);
    const ids = created.map((r) => r.body.id as string);
    const removed = await Promise.all(
      ids.slice(0, 10).map((id) => op(ctx.app, 'sources.remove', { token: t.user.token, params: { id } })),
    );
    expect(removed.map((r) => r.status)).toEqual(Array(10).fill(204));
    expect(await kept()).toBe(14);
    expect(await real()).toBe(14);

    // The corporation goes with its sources and their counts, and no count row outlives it.
    const gone = await op(ctx.app, 'corporations.remove', {
      token: ctx.owner.token,
      params: { id: t.corporationId },
    });
    expect(gone.status).toBe(204);
    const { rows } = await ctx.app.services.database.db.execute(
      sql`select count(*)::int as n from corporation_counts where corporation_id = ${t.corporationId}`,
    );
    expect((rows[0] as { n: number }).n).toBe(0);
  });
});
