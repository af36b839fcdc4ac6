import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextScheduleQuery } from '../../src/modules/sources/sources.repository';
import { op } from '../helpers/route-call';
import { createTestApp, type TestContext } from '../helpers/test-app';

// A process's start reads every source once (the registry of stream keys) and nothing else in full: at
// an install's size (10,000 sources) each further whole-table read costs every start, and the chaos suite
// counts the rows read while idle. Here the planner's choice is checked on the real engine (PGlite or
// PostgreSQL) with 10,000 sources and fresh statistics.
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** The plan's lines for a query builder or an SQL text. */
async function plan(query: SQLWrapper | SQL) {
  const inner = 'getSQL' in query ? query.getSQL() : query;
  const result = await ctx.app.services.database.db.execute(sql`EXPLAIN ${inner}`);
  return (result.rows as Record<string, string>[]).map((row) => Object.values(row)[0]).join('\n');
}

describe('the players needing attention', () => {
  const create = async (name: string, body: Record<string, unknown>) => {
    const res = await op(ctx.app, 'sources.create', {
      token: ctx.owner.token,
      body: { workspaceId: ctx.owner.workspaceId, name, type: 'rtmp', ...body },
    });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const player = async (name: string, mainSourceId: string, backupSourceId?: string) =>
    (
      await op(ctx.app, 'outputs.create', {
        token: ctx.owner.token,
        body: { workspaceId: ctx.owner.workspaceId, name, mainSourceId, backupSourceId },
      })
    ).body.id as string;

  it('are those whose main or backup source is live, not the offline rest', async () => {
    const [main, backup, idle] = [
      await create('Main', {}),
      await create('Backup', {}),
      await create('Idle', {}),
    ];
    const byMain = await player('By main', main);
    const byBackup = await player('By backup', idle, backup);
    const quiet = await player('Quiet', idle);
    const db = ctx.app.services.database.db;
    await db.execute(sql`UPDATE sources SET live = true WHERE id IN (${main}, ${backup})`);
    const ids = (await ctx.app.services.outputs.repo.needingAttention()).map((row) => row.id);
    expect(ids).toEqual(expect.arrayContaining([byMain, byBackup]));
    expect(ids).not.toContain(quiet);
  });
});

describe('the start-up look-ups at 10,000 sources', () => {
  // After the tests above: the corporation's quota allows 50 sources through the API.
  beforeAll(async () => {
    const db = ctx.app.services.database.db;
    await db.execute(sql`INSERT INTO sources (corporation_id, workspace_id, name, type, endpoint, stream_key)
      SELECT ${ctx.owner.corporationId}, ${ctx.owner.workspaceId}, 'Source ' || g, 'rtmp', 'europe', 'size-key-' || g
      FROM generate_series(1, 10000) g`);
  }, 120_000);

  it('the sources fed by a process of ours come from an index', async () => {
    expect(await plan(ctx.app.services.sources.repo.withPublisher())).not.toMatch(/Seq Scan on sources/);
  });

  it("the schedule's next moment comes from indexes", async () => {
    expect(await plan(nextScheduleQuery(new Date()))).not.toMatch(/Seq Scan on sources/);
  });

  it('the live sources without an owner come from the index of live sources', async () => {
    expect(await plan(ctx.app.services.sources.repo.liveWithoutOwner())).not.toMatch(/Seq Scan on sources/);
  });

  it('the players needing attention look their sources up by primary key', async () => {
    expect(await plan(ctx.app.services.outputs.repo.needingAttention())).not.toMatch(/Seq Scan on sources/);
  });
});
