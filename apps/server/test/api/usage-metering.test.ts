import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UsageMeter } from '../../src/modules/usage/usage-meter';
import { expectError } from '../helpers/expect-error';
import { op } from '../helpers/route-call';
import { createMember, createWorkspace } from '../helpers/tenancy';
import { createTenant, createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const H = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0); // a Saturday, 00:00 UTC

async function seriesOf(token: string, corporationId: string, query: Record<string, string>) {
  return op(ctx.app, 'usage.seriesOfCorporation', { token, params: { id: corporationId }, query } as never);
}

describe(`usage metering (${testDbEngine()})`, () => {
  it('flushes with one additive upsert: idempotent, and two concurrent flushes add up', async () => {
    const t = await createTenant(ctx, 'Meter Corp');
    const repo = ctx.app.services.usage.metered;
    const scope = { corporationId: t.corporationId, workspaceId: t.workspaceId };
    // Two meters = two server processes writing the same hour bucket.
    const a = new UsageMeter(repo);
    const b = new UsageMeter(repo);
    a.add(scope, 'egress_bytes', 1000, T0 + 10);
    a.add(scope, 'viewer_seconds', 2.5, T0 + 20);
    a.gauge(scope, 'peak_viewers', 3, T0 + 30);
    b.add(scope, 'egress_bytes', 500, T0 + 40);
    b.add(scope, 'viewer_seconds', 1.75, T0 + 50);
    b.gauge(scope, 'peak_viewers', 7, T0 + 60);
    await Promise.all([a.flush(), b.flush()]);
    // A second flush has nothing new: the stored figures do not change.
    await Promise.all([a.flush(), b.flush()]);
    const q = { from: new Date(T0).toISOString(), to: new Date(T0 + H).toISOString(), interval: 'hour' };
    const first = await seriesOf(t.user.token, t.corporationId, { ...q, groupBy: 'none' });
    expect(first.status).toBe(200);
    // 2.5 + 1.75: each meter wrote its whole seconds (2 and 1) and keeps the fraction pending.
    expect(first.body.totals).toMatchObject({ egress_bytes: 1500, viewer_seconds: 3, peak_viewers: 7 });
    expect(a.pendingCount + b.pendingCount).toBe(2);
    a.add(scope, 'viewer_seconds', 0.5, T0 + 70);
    b.add(scope, 'viewer_seconds', 0.25, T0 + 80);
    a.gauge(scope, 'peak_viewers', 5, T0 + 90);
    await a.stop(); // a clean stop writes what is left
    await b.flush();
    const second = await seriesOf(t.user.token, t.corporationId, { ...q, groupBy: 'none' });
    expect(second.body.totals).toMatchObject({ egress_bytes: 1500, viewer_seconds: 5, peak_viewers: 7 });
  });

  it('sums per interval and group, fills empty intervals and returns CSV', async () => {
    const t = await createTenant(ctx, 'Series Corp');
    const second = await createWorkspace(ctx, t.user.token, t.corporationId, 'Second, "quoted"');
    const repo = ctx.app.services.usage.metered;
    const row = (
      workspaceId: string,
      metric: 'egress_bytes' | 'storage_bytes',
      at: number,
      value: number,
    ) => ({
      corporationId: t.corporationId,
      workspaceId,
      metric,
      bucketStart: new Date(at),
      value,
    });
    await repo.add([
      row(t.workspaceId, 'egress_bytes', T0, 100),
      row(t.workspaceId, 'egress_bytes', T0 + 5 * H, 200),
      row(t.workspaceId, 'egress_bytes', T0 + 24 * H, 400),
      row(second, 'egress_bytes', T0 + 25 * H, 50),
      row(t.workspaceId, 'storage_bytes', T0, 10),
      row(t.workspaceId, 'storage_bytes', T0 + 3 * H, 30),
      row(second, 'storage_bytes', T0 + 3 * H, 5),
    ]);
    const range = { from: new Date(T0).toISOString(), to: new Date(T0 + 3 * 24 * H).toISOString() };
    const days = await seriesOf(t.user.token, t.corporationId, {
      ...range,
      interval: 'day',
      metrics: 'egress_bytes,storage_bytes',
    });
    expect(days.status).toBe(200);
    expect(days.body.groups.map((g) => g.name).sort()).toEqual(['Series Corp WS', 'Second, "quoted"'].sort());
    // Every day on the axis; a point only where a workspace has a figure, zeros left out.
    expect(days.body.starts).toEqual([0, 1, 2].map((d) => new Date(T0 + d * 24 * H).toISOString()));
    expect(days.body.points).toHaveLength(4);
    const at = (day: number, ws: string) =>
      days.body.points.find(
        (p) => p.start === new Date(T0 + day * 24 * H).toISOString() && p.workspaceId === ws,
      )?.values;
    expect(at(0, t.workspaceId)).toEqual({ egress_bytes: 300, storage_bytes: 30 });
    expect(at(0, second)).toEqual({ storage_bytes: 5 });
    expect(at(1, t.workspaceId)).toEqual({ egress_bytes: 400 });
    expect(at(1, second)).toEqual({ egress_bytes: 50 });
    expect(at(2, second)).toBeUndefined();
    // Flows add up over the range; storage is what was stored at its end (the last interval read).
    expect(days.body.totals).toEqual({ egress_bytes: 750, storage_bytes: 35 });
    const hours = await seriesOf(t.user.token, t.corporationId, {
      ...range,
      interval: 'hour',
      groupBy: 'none',
    });
    expect(hours.body.starts).toHaveLength(72);
    expect(hours.body.points.map((p) => (Date.parse(p.start) - T0) / H)).toEqual([0, 3, 5, 24, 25]);
    expect(hours.body.points[2]!.values.egress_bytes).toBe(200);
    const months = await seriesOf(t.user.token, t.corporationId, {
      ...range,
      interval: 'month',
      groupBy: 'none',
    });
    expect(months.body.points).toEqual([
      {
        start: '2026-01-01T00:00:00.000Z',
        workspaceId: null,
        values: expect.objectContaining({ egress_bytes: 750 }),
      },
    ]);
    // In Berlin the first day starts at 23:00 UTC the day before: the 00:00 UTC hour is in the 10th.
    const berlin = await seriesOf(t.user.token, t.corporationId, {
      ...range,
      interval: 'day',
      groupBy: 'none',
      timeZone: 'Europe/Berlin',
      metrics: 'egress_bytes',
    });
    expect(berlin.body.points[0]).toMatchObject({
      start: '2026-01-09T23:00:00.000Z',
      values: { egress_bytes: 300 },
    });

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/v1/corporations/${t.corporationId}/usage/series.csv`,
      query: { ...range, interval: 'day', metrics: 'egress_bytes,storage_bytes' },
      headers: { authorization: `Bearer ${t.user.token}` },
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toBe('attachment; filename="usage-2026-01-10-2026-01-13.csv"');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('interval_start,workspace_id,workspace_name,egress_bytes,storage_bytes');
    expect(lines).toHaveLength(1 + 6);
    expect(lines).toContain(`2026-01-11T00:00:00.000Z,${second},"Second, ""quoted""",50,0`);
    expect(lines).toContain(`2026-01-10T00:00:00.000Z,${t.workspaceId},Series Corp WS,300,30`);
  });

  it('bounds the range and names the field; readers see their workspace only', async () => {
    const t = await createTenant(ctx, 'Bounds Corp');
    const tooLong = await seriesOf(t.user.token, t.corporationId, {
      from: '2020-01-01T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
      interval: 'hour',
    });
    expectError(tooLong as never, 400, 'VALIDATION_FAILED', 'to');
    const backwards = await seriesOf(t.user.token, t.corporationId, {
      from: '2026-01-02T00:00:00Z',
      to: '2026-01-01T00:00:00Z',
    });
    expectError(backwards as never, 400, 'VALIDATION_FAILED', 'to');
    const metric = await seriesOf(t.user.token, t.corporationId, {
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
      metrics: 'egress_bytes,bitcoins',
    });
    expectError(metric as never, 400, 'VALIDATION_FAILED', 'metrics');
    const zone = await seriesOf(t.user.token, t.corporationId, {
      from: '2026-01-01T00:00:00Z',
      to: '2026-01-02T00:00:00Z',
      timeZone: 'Mars/Olympus',
    });
    expectError(zone as never, 400, 'VALIDATION_FAILED', 'timeZone');

    const reader = await createMember(ctx, t.user.token, { workspaceId: t.workspaceId }, ['read']);
    const range = { from: '2026-01-01T00:00:00Z', to: '2026-01-02T00:00:00Z' };
    const own = await op(ctx.app, 'usage.seriesOfWorkspace', {
      token: reader.token,
      params: { id: t.workspaceId },
      query: range,
    } as never);
    expect(own.status).toBe(200);
    expect(own.body.groups).toEqual([{ workspaceId: t.workspaceId, name: 'Bounds Corp WS' }]);
    const corp = await seriesOf(reader.token, t.corporationId, range);
    expect([403, 404]).toContain(corp.status);
    const other = await createTenant(ctx, 'Nosy Corp');
    const theirs = await seriesOf(other.user.token, t.corporationId, range);
    expect(theirs.status).toBe(404);
  });
});
