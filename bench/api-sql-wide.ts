// SQL statements per request for the endpoints of issue 32's table (reads and writes), in-process on
// in-memory PGlite. Run: npx tsx bench/api-sql-wide.ts

import { jobs } from '../apps/server/src/db/schema/jobs';
import { medias } from '../apps/server/src/db/schema/media';
import { seededStromwerk } from './lib/api-fixture';

let statements: string[] = [];
const { app, fixture, database, close } = await seededStromwerk({
  logger: { logQuery: (query) => statements.push(query.length > 160 ? `${query.slice(0, 160)}…` : query) },
});
const owner = { authorization: `Bearer ${fixture.ownerToken}` };
const member = { authorization: `Bearer ${fixture.memberToken}` };
const db = database.db;
await db.insert(medias).values(
  Array.from({ length: 300 }, (_, i) => ({
    corporationId: fixture.corporationId,
    workspaceId: fixture.ws200,
    name: `Media ${i}`,
    origin: 'upload',
    sizeBytes: 1000,
  })),
);
await db.insert(jobs).values(
  Array.from({ length: 300 }, () => ({
    corporationId: fixture.corporationId,
    workspaceId: fixture.ws200,
    type: 'transcode',
    state: 'finished',
  })),
);
const post = async (url: string, payload: object) => {
  const res = await app.inject({ method: 'POST', url, headers: owner, payload });
  if (res.statusCode >= 300) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  return res.json();
};
const player = await post('/v1/outputs', { workspaceId: fixture.ws200, name: 'Player' });
for (let i = 0; i < 5; i++)
  await post('/v1/targets', {
    workspaceId: fixture.ws200,
    name: `Target ${i}`,
    sourceId: fixture.sourceId,
    settings: { type: 'rtmp', url: 'rtmp://live.example.com/app', streamKey: 'k' },
  });
let n = 0;
const cases: { name: string; method?: string; url: string; headers: object; payload?: () => object }[] = [
  { name: 'get a source (member)', url: `/v1/sources/${fixture.sourceId}`, headers: member },
  {
    name: 'list of 200 (member)',
    url: `/v1/sources?workspaceId=${fixture.ws200}&limit=200`,
    headers: member,
  },
  {
    name: 'corporation-wide list',
    url: `/v1/corporations/${fixture.corporationId}/sources?limit=200`,
    headers: owner,
  },
  {
    name: 'media list 200 (member)',
    url: `/v1/workspaces/${fixture.ws200}/medias?limit=200`,
    headers: member,
  },
  { name: 'jobs list (member)', url: `/v1/workspaces/${fixture.ws200}/jobs?limit=100`, headers: member },
  { name: 'graph (member)', url: `/v1/workspaces/${fixture.ws200}/graph`, headers: member },
  {
    name: 'usage series month hourly',
    url: `/v1/corporations/${fixture.corporationId}/usage/series?from=2026-10-01T00:00:00Z&to=2026-11-01T00:00:00Z&granularity=hour`,
    headers: owner,
  },
  {
    name: 'create a source',
    method: 'POST',
    url: '/v1/sources',
    headers: owner,
    payload: () => ({ workspaceId: fixture.ws200, name: `New ${n++}`, type: 'rtmp', endpoint: 'europe' }),
  },
  {
    name: 'update a player',
    method: 'PUT',
    url: `/v1/outputs/${player.id}`,
    headers: owner,
    payload: () => ({ name: `Player ${n++}` }),
  },
];
for (const c of cases) {
  const req = () =>
    app.inject({
      method: (c.method ?? 'GET') as 'GET',
      url: c.url,
      headers: c.headers as Record<string, string>,
      ...(c.payload ? { payload: c.payload() } : {}),
    });
  await req();
  statements = [];
  const res = await req();
  const sql = [...statements];
  console.log(
    `${String(sql.length).padStart(3)}  ${res.statusCode}  ${c.name}  ${res.statusCode >= 300 ? res.body.slice(0, 200) : ''}`,
  );
  if (process.env.SHOW) for (const s of sql) console.log('      ', s);
}
await close();
