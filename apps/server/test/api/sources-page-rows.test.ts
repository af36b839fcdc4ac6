import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SourcesRepository } from '../../src/modules/sources/sources.repository';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';
import { testDbEngine } from '../helpers/test-database';

/**
 * A workspace's page of sources is read raw and mapped by `rawRowMapper` (db/raw-rows.ts), not by Drizzle:
 * every row must come out as Drizzle maps the same row, with every column (times, JSON, nulls), and the
 * total as a number.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe(`a workspace's page of sources, read raw (${testDbEngine()})`, () => {
  it('maps every column of every row as Drizzle does', async () => {
    const as = { token: ctx.owner.token };
    const ws = ctx.owner.workspaceId;
    await op(ctx.app, 'sources.create', { ...as, body: { workspaceId: ws, name: 'Plain', type: 'rtmp' } });
    await op(ctx.app, 'sources.create', {
      ...as,
      body: {
        workspaceId: ws,
        name: 'Scheduled',
        type: 'rtmp',
        recording: true,
        startNow: false,
        scheduledStart: '2030-01-02T03:04:05.678Z',
        maintenanceStart: '2030-02-01T00:00:00.000Z',
        maintenanceEnd: '2030-02-01T01:30:00.000Z',
      },
    });
    const repo = (ctx.app.services.sources as unknown as { repo: SourcesRepository }).repo;
    const page = await repo.list({ workspaceId: ws, limit: 50, offset: 0 } as never, undefined);
    expect(page.total).toBe(page.rows.length);
    expect(page.rows.length).toBeGreaterThanOrEqual(2);
    for (const row of page.rows) {
      const mapped = await repo.byId(row.id);
      expect(row).toEqual(mapped);
      expect(Object.keys(row).sort()).toEqual(Object.keys(mapped!).sort());
    }
    const scheduled = page.rows.find((r) => r.name === 'Scheduled')!;
    expect(scheduled.scheduledStart).toEqual(new Date('2030-01-02T03:04:05.678Z'));
    expect(scheduled.maintenanceEnd).toEqual(new Date('2030-02-01T01:30:00.000Z'));
    expect(scheduled.meta).toEqual({});
  });
});
