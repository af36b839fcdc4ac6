// The rows of bench/api-speed.ts (issue 32): each endpoint on both engines beside its baseline, on the
// install of realistic size (bench/lib/install-fixture.ts). A row's goal is the product's requests per
// second over its baseline's on the same engine: reads >= 0.7x of their raw query, writes >= 0.5x of their
// raw insert/update plus one event publish, /v1/me >= 0.7x of bare static.
import type { StromwerkFixture } from './api-fixture';
import { apiPath, benchRoutes } from './api-path';
import type { InstallFixture } from './install-fixture';

export type Kind = 'stromwerk-pglite' | 'stromwerk-pg' | 'bare-static' | 'bare-pglite' | 'bare-pg';
export type Info = {
  port: number;
  pid: number;
  ws20: string;
  ws200: string;
  install: InstallFixture;
} & Partial<StromwerkFixture>;

export interface Cell {
  kind: Kind;
  method?: 'GET' | 'POST' | 'PUT';
  path: string;
  token?: string;
  login?: string[];
  /** A fresh JSON body per request (writes that must not repeat a name). */
  body?: (n: number) => object;
}
export interface Row {
  name: string;
  connections?: number;
  /** Seconds per measurement at least, for a row of about one answer a second (else BENCH_DURATION). */
  minSeconds?: number;
  cells: Cell[];
  /** Requests per second of the product over the baseline's (the same engine's raw twin, or static). */
  goal?: { ratio: number; against: 'raw' | 'static' };
}

const MONTH_MS = 30 * 24 * 3_600_000;

export function apiSpeedRows(t: Record<Kind, Info>): Row[] {
  const engines = [
    ['stromwerk-pglite', 'bare-pglite'],
    ['stromwerk-pg', 'bare-pg'],
  ] as const;
  /** A row of the product on both engines against its raw twin on the same engine. */
  const pair = (
    name: string,
    goal: number,
    product: (i: Info) => Omit<Cell, 'kind'>,
    raw: (i: Info) => Omit<Cell, 'kind'>,
    connections?: number,
  ): Row => ({
    name,
    ...(connections ? { connections } : {}),
    goal: { ratio: goal, against: 'raw' },
    cells: engines.flatMap(([s, b]) => [
      { kind: s, ...product(t[s]) },
      { kind: b, ...raw(t[b]) },
    ]),
  });
  const owner = (i: Info) => i.ownerToken!;
  const now = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000);
  const month = `from=${new Date(now.getTime() - MONTH_MS).toISOString()}&to=${now.toISOString()}`;
  const list = (i: Info, ws: string, limit: number, member = false) => ({
    path: `${apiPath(benchRoutes.sources)}?workspaceId=${ws}&limit=${limit}`,
    token: member ? i.memberToken! : owner(i),
  });
  const rows: Row[] = [
    {
      name: 'GET /v1/health',
      cells: [
        { kind: 'stromwerk-pglite', path: apiPath(benchRoutes.health) },
        { kind: 'stromwerk-pg', path: apiPath(benchRoutes.health) },
        { kind: 'bare-static', path: '/static' },
      ],
    },
    {
      name: 'GET /v1/me (authenticated)',
      goal: { ratio: 0.7, against: 'static' },
      cells: [
        { kind: 'stromwerk-pglite', path: apiPath(benchRoutes.me), token: owner(t['stromwerk-pglite']) },
        { kind: 'stromwerk-pg', path: apiPath(benchRoutes.me), token: owner(t['stromwerk-pg']) },
        { kind: 'bare-static', path: '/me' },
      ],
    },
    pair(
      'list of 20 sources',
      0.7,
      (i) => list(i, i.ws20, 20),
      (i) => ({ path: `/list?ws=${i.ws20}&limit=20` }),
    ),
    pair(
      'list of 200 sources',
      0.7,
      (i) => list(i, i.ws200, 200),
      (i) => ({ path: `/list?ws=${i.ws200}&limit=200` }),
    ),
    pair(
      'list of 200 as a workspace member',
      0.7,
      (i) => list(i, i.ws200, 200, true),
      (i) => ({ path: `/list?ws=${i.ws200}&limit=200` }),
    ),
    pair(
      'get a source by id',
      0.7,
      (i) => ({ path: `/v1/sources/${i.install.sourceId}`, token: owner(i) }),
      (i) => ({ path: `/raw/sources/${i.install.sourceId}` }),
    ),
    pair(
      'corporation-wide list (200 of 10,220 sources)',
      0.7,
      (i) => ({ path: `/v1/corporations/${i.install.corporationId}/sources?limit=200`, token: owner(i) }),
      (i) => ({ path: `/raw/corporation-sources?corp=${i.install.corporationId}&limit=200` }),
    ),
    pair(
      'media list (200 of 1,000)',
      0.7,
      (i) => ({ path: `/v1/workspaces/${i.install.workspaceId}/medias?limit=200`, token: owner(i) }),
      (i) => ({ path: `/raw/medias?ws=${i.install.workspaceId}&limit=200` }),
    ),
    pair(
      'jobs list (100 of 1,000)',
      0.7,
      (i) => ({ path: `/v1/workspaces/${i.install.workspaceId}/jobs?limit=100`, token: owner(i) }),
      (i) => ({ path: `/raw/jobs?ws=${i.install.workspaceId}&limit=100` }),
    ),
    pair(
      'graph of a workspace (100 sources, 30 targets, 10 players)',
      0.7,
      (i) => ({ path: `/v1/workspaces/${i.install.workspaceId}/graph`, token: owner(i) }),
      (i) => ({ path: `/raw/graph?ws=${i.install.workspaceId}` }),
    ),
    pair(
      'create a source',
      0.5,
      (i) => ({
        method: 'POST',
        path: apiPath(benchRoutes.sourceCreate),
        token: owner(i),
        body: (n) => ({
          workspaceId: i.install.writeWorkspaceId,
          name: `Bench ${n}`,
          type: 'rtmp',
          endpoint: 'europe',
        }),
      }),
      (i) => ({
        method: 'POST',
        path: '/raw/sources',
        body: (n) => ({
          workspaceId: i.install.writeWorkspaceId,
          corporationId: i.install.corporationId,
          name: `Raw ${n}`,
        }),
      }),
    ),
    pair(
      'update a player',
      0.5,
      (i) => ({
        method: 'PUT',
        path: `/v1/outputs/${i.install.playerId}`,
        token: owner(i),
        body: (n) => ({ name: `Player ${n}` }),
      }),
      (i) => ({
        method: 'PUT',
        path: `/raw/outputs/${i.install.playerId}`,
        body: (n) => ({ name: `Player ${n}` }),
      }),
    ),
    {
      name: 'POST /v1/login (argon2)',
      cells: [
        ...(['stromwerk-pglite', 'stromwerk-pg'] as const).map((kind) => ({
          kind,
          method: benchRoutes.login.method,
          path: apiPath(benchRoutes.login),
          login: t[kind].loginEmails!,
        })),
        { kind: 'bare-static', method: 'POST', path: '/login', body: () => ({}) },
      ],
    },
    {
      name: 'list of 20, 50 concurrent clients',
      connections: 50,
      cells: [
        { kind: 'stromwerk-pg', ...list(t['stromwerk-pg'], t['stromwerk-pg'].ws20, 20) },
        { kind: 'bare-pg', path: `/list?ws=${t['bare-pg'].ws20}&limit=20` },
      ],
    },
    // Last: about 43,000 counter rows per answer, slow on PGlite, so what it leaves queued delays no other
    // row; two clients keep the server busy without a queue of seconds.
    pair(
      'usage, one month hourly (20 workspaces with usage)',
      0.7,
      (i) => ({
        path: `/v1/corporations/${i.install.corporationId}/usage/series?${month}&interval=hour`,
        token: owner(i),
      }),
      (i) => ({ path: `/raw/usage?corp=${i.install.corporationId}&${month}` }),
      2,
    ),
  ];
  // About an answer a second: 3 s cells gave 0-2 answers each, and a ratio of 2 to 0.
  return rows.map((row) => (row.name.startsWith('usage,') ? { ...row, minSeconds: 15 } : row));
}
