// SQL statements per request (issue 12): how many statements the server sends to the database for one
// authenticated request, counted by a Drizzle logger on the server's own database handle.
// Run: npx tsx bench/api-sql-count.ts [label]   (label: e.g. "before" / "after"; default "current")
// Writes bench/results/api-sql-count.json (keeps earlier labels) and a line in SUMMARY.md.
// Requests run in-process (inject) on in-memory PGlite; every request is made twice and the second one is
// counted, so once-a-minute writes (session last use) do not show up as per-request cost.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { seededStromwerk } from './lib/api-fixture';
import { apiPath, benchRoutes } from './lib/api-path';
import { writeResult } from './lib/results';

const label = process.argv[2] ?? 'current';
let statements: string[] = [];
const { app, fixture, close } = await seededStromwerk({
  logger: { logQuery: (query) => statements.push(query.length > 200 ? `${query.slice(0, 200)}…` : query) },
});
const owner = { authorization: `Bearer ${fixture.ownerToken}` };
// Room for the sources the write cases create (the fixture holds 220, the default quota is 50).
const quota = await app.inject({
  method: 'PUT',
  url: apiPath(benchRoutes.updateQuota, { id: fixture.corporationId }),
  headers: owner,
  payload: { maxSources: 100_000 },
});
if (quota.statusCode !== 200) throw new Error(`quota: ${quota.statusCode} ${quota.body}`);
// A target and a player in ws-200, so their lists have a page (medias stay empty: no upload here).
let playerId = '';
for (const [route, payload] of [
  [
    benchRoutes.targetCreate,
    {
      workspaceId: fixture.ws200,
      name: 'Target',
      sourceId: fixture.sourceId,
      settings: { type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: 'k' },
    },
  ],
  [benchRoutes.outputCreate, { workspaceId: fixture.ws200, name: 'Player' }],
] as const) {
  const res = await app.inject({ method: route.method, url: apiPath(route), headers: owner, payload });
  if (res.statusCode !== 201) throw new Error(`${route.path}: ${res.statusCode} ${res.body}`);
  if (route === benchRoutes.outputCreate) playerId = res.json().id;
}
const member = { authorization: `Bearer ${fixture.memberToken}` };
const cases = [
  { name: 'GET /v1/me (owner)', url: apiPath(benchRoutes.me), headers: owner },
  { name: 'GET /v1/me (member)', url: apiPath(benchRoutes.me), headers: member },
  {
    name: 'list of 20 (owner, platform admin)',
    url: `${apiPath(benchRoutes.sources)}?workspaceId=${fixture.ws20}&limit=20`,
    headers: owner,
  },
  {
    name: 'list of 200 (owner)',
    url: `${apiPath(benchRoutes.sources)}?workspaceId=${fixture.ws200}&limit=200`,
    headers: owner,
  },
  {
    name: 'list of 20 (workspace member)',
    url: `${apiPath(benchRoutes.sources)}?workspaceId=${fixture.ws200}&limit=20`,
    headers: member,
  },
  {
    name: 'list of 20, no workspace filter (member)',
    url: `${apiPath(benchRoutes.sources)}?limit=20`,
    headers: member,
  },
  {
    name: 'list of 20, state filter (member)',
    url: `${apiPath(benchRoutes.sources)}?workspaceId=${fixture.ws200}&limit=20&state=offline`,
    headers: member,
  },
  { name: 'get by id (owner)', url: apiPath(benchRoutes.source, { id: fixture.sourceId }), headers: owner },
  { name: 'get by id (member)', url: apiPath(benchRoutes.source, { id: fixture.sourceId }), headers: member },
  {
    name: 'targets of a workspace (member)',
    url: apiPath(benchRoutes.targetsInWorkspace, { id: fixture.ws200 }),
    headers: member,
  },
  {
    name: 'players of a workspace (member)',
    url: apiPath(benchRoutes.outputsInWorkspace, { id: fixture.ws200 }),
    headers: member,
  },
  {
    name: 'medias of a workspace, empty page (member)',
    url: apiPath(benchRoutes.mediasInWorkspace, { id: fixture.ws200 }),
    headers: member,
  },
  { name: 'GET /v1/openapi.json', url: '/v1/openapi.json', headers: {} },
  // Writes (issue 32): every call counted, the second one of each pair.
  {
    name: 'create a source (owner)',
    method: 'POST' as const,
    url: apiPath(benchRoutes.sourceCreate),
    headers: owner,
    payload: { workspaceId: fixture.ws200, name: 'Counted', type: 'rtmp' },
  },
  {
    name: 'update a player (owner)',
    method: 'PUT' as const,
    url: apiPath(benchRoutes.outputUpdate, { id: playerId }),
    headers: owner,
    payload: { name: 'Renamed player' },
  },
];
const counts: Record<string, { statements: number; status: number; sql: string[] }> = {};
for (const c of cases) {
  const request = {
    method: 'method' in c ? c.method : ('GET' as const),
    url: c.url,
    headers: c.headers,
    ...('payload' in c ? { payload: c.payload } : {}),
  };
  await app.inject(request);
  statements = [];
  const res = await app.inject(request);
  const sql = [...statements];
  counts[c.name] = { statements: sql.length, status: res.statusCode, sql };
  console.log(`${String(sql.length).padStart(3)}  ${res.statusCode}  ${c.name}`);
}
await close();

const file = join(import.meta.dirname, 'results', 'api-sql-count.json');
const earlier = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')).runs ?? {}) : {};
const brief = (n: string) => counts[n]!.statements;
writeResult(
  'api-sql-count',
  { runs: { ...earlier, [label]: counts } },
  `${label}: SQL statements per request: /v1/me ${brief('GET /v1/me (member)')}, list of 20 as member ${brief('list of 20 (workspace member)')} (owner ${brief('list of 20 (owner, platform admin)')}), get by id as member ${brief('get by id (member)')} (owner ${brief('get by id (owner)')})`,
);
