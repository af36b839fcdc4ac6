// One server of bench/api-speed.ts, in its own process so autocannon does not share its event loop.
// Run by the bench: node --import tsx bench/lib/api-speed-target.ts <kind> [database url]
// Prints one JSON line (port and what the bench needs to call it), then serves until killed.
import Fastify from 'fastify';
import pg from 'pg';
import { hashPassword, verifyPassword } from '../../apps/server/src/lib/passwords';
import { openDatabase } from '../../apps/server/src/plugins/db';
import { seededStromwerk, seedTables } from './api-fixture';
import { seedInstall, WRITES } from './install-fixture';
import { registerRawTwins } from './raw-twins';

const [kind, databaseUrl] = process.argv.slice(2) as [string, string | undefined];
const loginUsers = Number(process.env.BENCH_LOGIN_USERS ?? 400);

/** The list as the API shapes it, read with one raw statement (page and total together). */
const LIST_SQL = `select *, count(*) over () as total from sources where workspace_id = $1
  order by name, id limit $2 offset 0`;
type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v);
const toJson = (rows: Row[], limit: number) => ({
  items: rows.map((r) => ({
    id: r.id,
    corporationId: r.corporation_id,
    workspaceId: r.workspace_id,
    name: r.name,
    type: r.type,
    endpoint: r.endpoint,
    recording: r.recording,
    startNow: r.start_now,
    scheduledStart: iso(r.scheduled_start),
    mediaId: r.media_id,
    loop: r.loop,
    maintenanceStart: iso(r.maintenance_start),
    maintenanceEnd: iso(r.maintenance_end),
    state: r.live ? 'live' : 'offline',
    streamStart: iso(r.stream_start),
    streamInfo: r.stream_info,
    lastError: r.last_error,
    ingestUrl: 'rtmp://localhost:1935/live',
    meta: r.meta,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  })),
  total: Number(rows[0]?.total ?? 0),
  limit,
  offset: 0,
});

async function bare(query?: (sql: string, params: unknown[]) => Promise<Row[]>) {
  const app = Fastify({ logger: false });
  const staticBody = { status: 'ok', version: '0.1.0', parts: { database: { ok: true, engine: 'none' } } };
  app.get('/static', async () => staticBody);
  // The JSON of a list, built once: what a list costs Fastify without any database.
  const fake = (n: number): Row[] =>
    Array.from({ length: n }, (_, i) => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      corporation_id: '00000000-0000-4000-8000-000000000001',
      workspace_id: '00000000-0000-4000-8000-000000000002',
      name: `Source ${i}`,
      type: 'rtmp',
      endpoint: 'europe',
      recording: false,
      start_now: true,
      loop: true,
      meta: { site: 'a' },
      created_at: new Date(),
      updated_at: new Date(),
      total: n,
    }));
  const lists = { 20: toJson(fake(20), 20), 200: toJson(fake(200), 200) };
  app.get<{ Params: { n: '20' | '200' } }>('/static-list/:n', async (req) => lists[req.params.n]);
  // The same work as /v1/me's answer without authentication: a small static object.
  app.get('/me', async () => ({
    id: '00000000-0000-4000-8000-000000000000',
    email: 'bench@example.test',
    name: 'Bench',
    emailVerified: true,
    isAdmin: true,
    blocked: false,
    language: null,
    avatarUrl: null,
    flags: [],
    createdAt: '2026-11-25T00:00:00.000Z',
  }));
  // argon2 alone: the verification a login does, with the server's parameters.
  const passwordHash = await hashPassword('login-password-1');
  app.post('/login', async () => ({ ok: await verifyPassword(passwordHash, 'login-password-1') }));
  if (query) {
    app.get('/ping', async () => ({ ok: (await query('select 1', [])).length === 1 }));
    app.get<{ Querystring: { ws: string; limit: string } }>('/list', async (req) => {
      const limit = Number(req.query.limit);
      return toJson(await query(LIST_SQL, [req.query.ws, limit]), limit);
    });
    await registerRawTwins(app, query);
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as { port: number }).port;
}

let info: object;
if (kind === 'stromwerk-pglite' || kind === 'stromwerk-pg') {
  const { app, fixture, database } = await seededStromwerk({
    ...(kind === 'stromwerk-pg' ? { databaseUrl: databaseUrl! } : {}),
    loginUsers,
  });
  const install = process.env.BENCH_SKIP_INSTALL ? {} : await seedInstall(database.db, fixture.corporationId);
  await app.listen({ port: 0, host: '127.0.0.1' });
  info = { port: (app.server.address() as { port: number }).port, ...fixture, install };
} else if (kind === 'bare-static') {
  info = { port: await bare() };
} else if (kind === 'bare-pglite') {
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const seeded = await seedTables(database.db);
  const install = await seedInstall(database.db, seeded.corporationId);
  // biome-ignore lint/suspicious/noExplicitAny: the PGlite client under Drizzle, queried raw
  const client = (database.db as any).$client as {
    query(sql: string, params: unknown[]): Promise<{ rows: Row[] }>;
  };
  info = {
    port: await bare(async (sql, params) => (await client.query(sql, params)).rows),
    ...seeded,
    install,
  };
} else if (kind === 'bare-pg') {
  // The tables Stromwerk on PostgreSQL seeded (the bench starts that target first).
  const pool = new pg.Pool({ connectionString: databaseUrl!, max: 10 });
  const { rows } = await pool.query<{ id: string; name: string }>('select id, name from workspaces');
  const ws = (name: string) => rows.find((r) => r.name === name)!.id;
  const [install] = (
    await pool.query(
      `select w.id "workspaceId", w.corporation_id "corporationId",
      (select id from sources where workspace_id = w.id order by name limit 1) "sourceId",
      (select id from outputs where workspace_id = w.id order by name limit 1) "playerId",
      (select id from workspaces where corporation_id = w.corporation_id and name = $1) "writeWorkspaceId"
      from workspaces w where w.name = 'install-000'`,
      [WRITES],
    )
  ).rows;
  info = {
    install,
    port: await bare(async (sql, params) => (await pool.query(sql, params)).rows),
    ws20: ws('ws-20'),
    ws200: ws('ws-200'),
  };
} else {
  throw new Error(`unknown target ${kind}`);
}
// A profile (--cpu-prof) is written on a normal exit only.
process.on('SIGINT', () => process.exit(0));
process.stdout.write(`${JSON.stringify(info)}\n`);
