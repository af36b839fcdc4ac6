// An install of realistic size (issue 32), written straight into the tables with set-based SQL (PGlite
// and PostgreSQL alike; about 100 s on in-memory PGlite at load 20): 100 workspaces of one corporation
// with 100 sources each (10,000, one live per workspace), 30 targets (3,000), 10 players (1,000), 100
// media (10,900 with the first workspace's 1,000) and 1,000 jobs (100,000) each, and a year of hourly
// usage for 20 of them (3 metrics: 525,600 rows).
import { outputSettingsSchema } from '@stromwerk/contracts/outputs';
import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/plugins/db';

export const INSTALL = {
  workspaces: 100,
  sourcesPerWorkspace: 100,
  targetsPerWorkspace: 30,
  playersPerWorkspace: 10,
  mediaPerWorkspace: 100,
  jobsPerWorkspace: 1000,
  usageWorkspaces: 20,
  usageMetrics: ['viewer_seconds', 'egress_bytes', 'ingest_seconds'],
  usageDays: 365,
} as const;

/** The name of the install's workspace for writes (see `writeWorkspaceId`). */
export const WRITES = 'bench-writes';

export interface InstallFixture {
  corporationId: string;
  /** The first of the install's workspaces, which every per-workspace row of the benches reads. */
  workspaceId: string;
  sourceId: string;
  playerId: string;
  /**
   * An empty workspace the write rows create in: sources created in the first workspace grew it by
   * thousands a round, and its graph row then read them all (the raw twin 17, 2, 0 answers/s in rounds
   * 1-3 of one run, each round slower than the one before).
   */
  writeWorkspaceId: string;
}

/** Seeds the install into `corporationId` (its quotas lifted so the write rows may create). */
export async function seedInstall(db: Db, corporationId: string): Promise<InstallFixture> {
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  const corp = sql`${corporationId}::uuid`;
  await run(sql`update quotas set max_workspaces = 1000000, max_sources = 1000000, max_targets = 1000000,
    max_outputs = 1000000 where corporation_id = ${corp}`);
  await run(sql`insert into workspaces (corporation_id, name, sort_index)
    select ${corp}, 'install-' || lpad(w::text, 3, '0'), 100 + w from generate_series(0, ${INSTALL.workspaces - 1}) w`);
  const ws = sql`(select id, name from workspaces where corporation_id = ${corp} and name like 'install-%')`;
  await run(sql`insert into sources (corporation_id, workspace_id, name, type, endpoint, stream_key, live,
      stream_start, meta)
    select ${corp}, ws.id, 'Source ' || lpad(s::text, 3, '0') || ' ' || ws.name, 'rtmp', 'europe',
      'install-' || ws.id || '-' || s, s = 0, case when s = 0 then now() - interval '1 hour' end,
      jsonb_build_object('site', 'site-' || (s % 7))
    from ${ws} ws, generate_series(0, ${INSTALL.sourcesPerWorkspace - 1}) s`);
  const settings = JSON.stringify(outputSettingsSchema.parse({}));
  await run(sql`insert into outputs (corporation_id, workspace_id, name, settings)
    select ${corp}, ws.id, 'Player ' || p || ' ' || ws.name, ${settings}::jsonb
    from ${ws} ws, generate_series(0, ${INSTALL.playersPerWorkspace - 1}) p`);
  const target = JSON.stringify({ type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: 'k' });
  await run(sql`insert into targets (corporation_id, workspace_id, name, type, source_id, settings)
    select ${corp}, s.workspace_id, 'Target of ' || s.name, 'rtmp', s.id, ${target}::jsonb
    from (select *, row_number() over (partition by workspace_id order by name) n from sources
      where corporation_id = ${corp} and name like 'Source %install-%') s
    where s.n <= ${INSTALL.targetsPerWorkspace}`);
  await run(sql`insert into medias (corporation_id, workspace_id, name, origin, status, size_bytes, duration_ms)
    select ${corp}, ws.id, 'Media ' || m || ' ' || ws.name, 'upload', 'ready', 50000000 + m, 60000 + m
    from ${ws} ws, generate_series(0, ${INSTALL.mediaPerWorkspace - 1}) m`);
  // The first workspace's library holds 1,000 (the media list row reads 200 of them).
  await run(sql`insert into medias (corporation_id, workspace_id, name, origin, status, size_bytes)
    select ${corp}, ws.id, 'Archive ' || m, 'upload', 'ready', 1000000 + m
    from ${ws} ws, generate_series(1, 900) m where ws.name = 'install-000'`);
  await run(sql`insert into jobs (corporation_id, workspace_id, type, state, progress, finished_at)
    select ${corp}, ws.id, 'transcode', 'finished', 1, now() - (j || ' minutes')::interval
    from ${ws} ws, generate_series(0, ${INSTALL.jobsPerWorkspace - 1}) j`);
  const metrics = sql.raw(`array[${INSTALL.usageMetrics.map((m) => `'${m}'`).join(',')}]`);
  await run(sql`insert into usage_counters (corporation_id, workspace_id, metric, bucket_start, value)
    select ${corp}, ws.id, m, date_trunc('hour', now()) - (h || ' hours')::interval, 1000 + h % 97
    from (select * from ${ws} w order by name limit ${INSTALL.usageWorkspaces}) ws,
      unnest(${metrics}) m, generate_series(1, ${INSTALL.usageDays * 24}) h`);
  await run(sql`insert into workspaces (corporation_id, name, sort_index) values (${corp}, ${WRITES}, 1000)`);
  await run(sql`analyze`);
  type First = { ws: string; source: string; player: string; writes: string };
  const first = await db.execute<First>(sql`
    select w.id ws, (select id from sources where workspace_id = w.id order by name limit 1) source,
      (select id from outputs where workspace_id = w.id order by name limit 1) player,
      (select id from workspaces where corporation_id = w.corporation_id and name = ${WRITES}) writes
    from workspaces w where w.corporation_id = ${corp} and w.name = 'install-000'`);
  const row = ('rows' in first ? first.rows : first)[0] as First;
  return {
    corporationId,
    workspaceId: row.ws,
    sourceId: row.source,
    playerId: row.player,
    writeWorkspaceId: row.writes,
  };
}
