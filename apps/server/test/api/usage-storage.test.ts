import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { medias } from '../../src/db/schema/media';
import { op } from '../helpers/route-call';
import { createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * Issue 33 item 4: Usage said "Storage 0 B" while the Limits gauge on the same page said 26.1 MB. Both
 * now read the stored bytes of the library (the series' figure of now is the usage figure).
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const DAY = 86_400_000;

describe(`storage on the usage screen (${testDbEngine()})`, () => {
  it('shows what is stored now, as the Limits gauge does, per workspace and in total', async () => {
    const t = await createTenant(ctx, 'Storage Truth Corp');
    const second = await createWorkspace(ctx, t.user.token, t.corporationId, 'Second');
    const media = (workspaceId: string, sizeBytes: number) => ({
      corporationId: t.corporationId,
      workspaceId,
      name: 'Stored',
      origin: 'upload',
      status: 'ready',
      sizeBytes,
    });
    // Stored after the server's start-up reading: nothing metered them yet.
    await ctx.app.services.database.db
      .insert(medias)
      .values([media(t.workspaceId, 20_000_000), media(t.workspaceId, 6_100_000), media(second, 1_000)]);

    const gauge = await op(ctx.app, 'usage.ofCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
    });
    expect(gauge.body.storageBytes).toBe(26_101_000);
    const now = Date.now();
    // The screen's 30-day range, asked a moment after the page computed "now".
    const range = { from: new Date(now - 30 * DAY).toISOString(), to: new Date(now - 2_000).toISOString() };
    const series = await op(ctx.app, 'usage.seriesOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
      query: { ...range, interval: 'day', timeZone: 'Europe/Berlin' },
    });
    expect(series.status, JSON.stringify(series.body)).toBe(200);
    expect(series.body.totals.storage_bytes).toBe(gauge.body.storageBytes);
    const today = series.body.points.filter((p) => p.start === series.body.points.at(-1)!.start);
    const of = (id: string) => today.find((p) => p.workspaceId === id)!.values.storage_bytes;
    expect([of(t.workspaceId), of(second)]).toEqual([26_100_000, 1_000]);

    const ws = await op(ctx.app, 'usage.seriesOfWorkspace', {
      token: t.user.token,
      params: { id: second },
      query: {
        ...range,
        interval: 'hour',
        from: new Date(now - DAY).toISOString(),
        metrics: 'storage_bytes',
      },
    });
    const wsGauge = await op(ctx.app, 'usage.ofWorkspace', { token: t.user.token, params: { id: second } });
    expect(ws.body.totals.storage_bytes).toBe(wsGauge.body.storageBytes);
    expect(wsGauge.body.storageBytes).toBe(1_000);

    // A range that ended before anything was stored says nothing is (not today's figure).
    const past = await op(ctx.app, 'usage.seriesOfCorporation', {
      token: t.user.token,
      params: { id: t.corporationId },
      query: {
        from: new Date(now - 60 * DAY).toISOString(),
        to: new Date(now - 30 * DAY).toISOString(),
        interval: 'day',
      },
    });
    expect(past.body.totals.storage_bytes).toBe(0);
  });

  it('meters a reading when a media changes, so the hour keeps it', async () => {
    const t = await createTenant(ctx, 'Storage Reading Corp');
    const created = await op(ctx.app, 'medias.create', {
      token: t.user.token,
      body: { workspaceId: t.workspaceId, name: 'Renamed later' },
    });
    await ctx.app.services.medias.repo.update(created.body.id, { sizeBytes: 4_242 });
    await op(ctx.app, 'medias.rename', {
      token: t.user.token,
      params: { id: created.body.id },
      body: { name: 'Renamed' },
    });
    await new Promise((r) => setTimeout(r, 200));
    await ctx.app.services.usage.meter.flush();
    const rows = await ctx.app.services.usage.metered.series({
      corporationId: t.corporationId,
      workspaceId: t.workspaceId,
      from: new Date(Date.now() - 3_600_000),
      to: new Date(Date.now() + 3_600_000),
      interval: 'hour',
      timeZone: 'UTC',
      metrics: ['storage_bytes'],
    });
    expect(rows.map((r) => r.value)).toEqual([4_242]);
  });
});
