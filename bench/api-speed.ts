// API speed (issue 12): Stromwerk on PGlite and on PostgreSQL against three baselines, interleaved.
// Run: npx tsx bench/api-speed.ts
//   BENCH_DURATION=5   seconds per measurement (the issue's table used 15)
//   BENCH_ROUNDS=1     rounds; each cell's figure is the median over rounds
//   BENCH_PG=postgres://postgres@127.0.0.1:5432   server to create a scratch database on (dropped after)
//   BENCH_CPU_PROF=dir write --cpu-prof profiles of the Stromwerk servers there
// Every server runs in its own process (bench/lib/api-speed-target.ts) and autocannon (10 connections)
// drives them from this one. Within a round, the cells of a row run back to back (Stromwerk PGlite,
// Stromwerk PostgreSQL, bare Fastify static, bare Fastify + raw PGlite, bare Fastify + raw pg), so the
// ratios compare measurements taken under the same load of the shared machine.
// Writes bench/results/api-speed.json and a line in bench/results/SUMMARY.md.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import type { StromwerkFixture } from './lib/api-fixture';
import { apiPath, benchRoutes } from './lib/api-path';
import { writeResult } from './lib/results';

const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 1);
const PG_BASE = (process.env.BENCH_PG ?? 'postgres://postgres@127.0.0.1:5432').replace(/\/$/, '');
const PG_DB = `speedbench_api_${process.pid}`;
const CPU_PROF = process.env.BENCH_CPU_PROF;
const CONNECTIONS = 10;
const root = join(import.meta.dirname, '..');

type Kind = 'stromwerk-pglite' | 'stromwerk-pg' | 'bare-static' | 'bare-pglite' | 'bare-pg';
const COLUMNS: Record<Kind, string> = {
  'stromwerk-pglite': 'Stromwerk PGlite',
  'stromwerk-pg': 'Stromwerk PostgreSQL',
  'bare-static': 'bare Fastify static',
  'bare-pglite': 'bare Fastify + raw PGlite',
  'bare-pg': 'bare Fastify + raw PG',
};
type Info = { port: number; pid: number; ws20: string; ws200: string } & Partial<StromwerkFixture>;

const children: ChildProcess[] = [];
async function startTarget(kind: Kind, databaseUrl?: string): Promise<Info> {
  const flags = CPU_PROF && kind.startsWith('stromwerk') ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`] : [];
  const child = spawn(
    process.execPath,
    [
      ...flags,
      '--import',
      'tsx',
      'bench/lib/api-speed-target.ts',
      kind,
      ...(databaseUrl ? [databaseUrl] : []),
    ],
    {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, BENCH_LOGIN_USERS: String(loginUsers) },
    },
  );
  children.push(child);
  const lines = createInterface({ input: child.stdout! });
  for await (const line of lines) {
    if (line.startsWith('{')) return { ...(JSON.parse(line) as Info), pid: child.pid! };
  }
  throw new Error(`${kind} exited before it was ready`);
}

/** Login is limited to 10 a minute per address and email: each login request takes the next user. */
const loginUsers = Math.ceil(((DURATION * ROUNDS + 10) * 150) / 10) + 50;

interface Cell {
  kind: Kind;
  method?: 'GET' | 'POST';
  path: string;
  token?: string;
  login?: string[];
  body?: string;
}
interface Row {
  name: string;
  connections?: number;
  cells: Cell[];
}

/**
 * CPU time a process has used (user + system, /proc, in clock ticks of 10 ms). Throughput on a machine
 * shared with other work moves with their load, and autocannon competes for the same cores; the server's
 * CPU per answered request does not, so the /v1/me goal is also judged on it.
 */
function cpuMs(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

interface Measure {
  /** The server process's CPU per 2xx answer, in microseconds (a database server's own CPU not counted). */
  cpuUsPerReq: number;
  reqPerSec: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(target: Info, cell: Cell, connections: number, seconds: number): Promise<Measure> {
  let next = 0;
  const port = target.port;
  const cpuBefore = cpuMs(target.pid);
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration: seconds,
    requests: [
      {
        method: cell.method ?? 'GET',
        path: cell.path,
        headers: {
          ...(cell.token ? { authorization: `Bearer ${cell.token}` } : {}),
          ...(cell.login || cell.body ? { 'content-type': 'application/json' } : {}),
        },
        ...(cell.body ? { body: cell.body } : {}),
        ...(cell.login
          ? {
              setupRequest: (req: object) => {
                const email = cell.login![next++ % cell.login!.length];
                return { ...req, body: JSON.stringify({ email, password: 'login-password-1' }) };
              },
            }
          : {}),
      },
    ],
  });
  const answered = result['2xx'];
  return {
    cpuUsPerReq: Math.round(((cpuMs(target.pid) - cpuBefore) * 1000 * 100) / Math.max(1, answered)) / 100,
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

const admin = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
await admin.connect();
await admin.query(`drop database if exists ${PG_DB}`);
await admin.query(`create database ${PG_DB}`);
const pgUrl = `${PG_BASE}/${PG_DB}`;
if (CPU_PROF) mkdirSync(CPU_PROF, { recursive: true });

try {
  console.log(`starting servers (${loginUsers} login users each)...`);
  const sp = await startTarget('stromwerk-pglite');
  const sg = await startTarget('stromwerk-pg', pgUrl);
  const bs = await startTarget('bare-static');
  const bl = await startTarget('bare-pglite');
  const bp = await startTarget('bare-pg', pgUrl);
  const targets: Record<Kind, Info> = {
    'stromwerk-pglite': sp,
    'stromwerk-pg': sg,
    'bare-static': bs,
    'bare-pglite': bl,
    'bare-pg': bp,
  };
  const sw = (kind: 'stromwerk-pglite' | 'stromwerk-pg', i: Info) => ({
    list: (ws: string, limit: number, member = false): Cell => ({
      kind,
      path: `${apiPath(benchRoutes.sources)}?workspaceId=${ws}&limit=${limit}`,
      token: member ? i.memberToken! : i.ownerToken!,
    }),
  });
  const [p, g] = [sw('stromwerk-pglite', sp), sw('stromwerk-pg', sg)];
  const rawList = (kind: 'bare-pglite' | 'bare-pg', i: Info, ws: 'ws20' | 'ws200', limit: number): Cell => ({
    kind,
    path: `/list?ws=${i[ws]}&limit=${limit}`,
  });
  const rows: Row[] = [
    {
      name: 'GET /v1/health',
      cells: [
        { kind: 'stromwerk-pglite', path: apiPath(benchRoutes.health) },
        { kind: 'stromwerk-pg', path: apiPath(benchRoutes.health) },
        { kind: 'bare-static', path: '/static' },
        { kind: 'bare-pglite', path: '/ping' },
        { kind: 'bare-pg', path: '/ping' },
      ],
    },
    {
      name: 'GET /v1/me (authenticated)',
      cells: [
        { kind: 'stromwerk-pglite', path: apiPath(benchRoutes.me), token: sp.ownerToken! },
        { kind: 'stromwerk-pg', path: apiPath(benchRoutes.me), token: sg.ownerToken! },
        { kind: 'bare-static', path: '/me' },
      ],
    },
    {
      name: 'list of 20 sources',
      cells: [
        p.list(sp.ws20, 20),
        g.list(sg.ws20, 20),
        { kind: 'bare-static', path: '/static-list/20' },
        rawList('bare-pglite', bl, 'ws20', 20),
        rawList('bare-pg', bp, 'ws20', 20),
      ],
    },
    {
      name: 'list of 200 sources',
      cells: [
        p.list(sp.ws200, 200),
        g.list(sg.ws200, 200),
        { kind: 'bare-static', path: '/static-list/200' },
        rawList('bare-pglite', bl, 'ws200', 200),
        rawList('bare-pg', bp, 'ws200', 200),
      ],
    },
    {
      name: 'list of 200 as a workspace member',
      cells: [p.list(sp.ws200, 200, true), g.list(sg.ws200, 200, true)],
    },
    {
      name: 'POST /v1/login (argon2)',
      cells: [
        {
          kind: 'stromwerk-pglite',
          method: benchRoutes.login.method,
          path: apiPath(benchRoutes.login),
          login: sp.loginEmails!,
        },
        {
          kind: 'stromwerk-pg',
          method: benchRoutes.login.method,
          path: apiPath(benchRoutes.login),
          login: sg.loginEmails!,
        },
        { kind: 'bare-static', method: 'POST', path: '/login', body: '{}' },
      ],
    },
    {
      name: 'list of 20, 50 concurrent clients',
      connections: 50,
      cells: [g.list(sg.ws20, 20), rawList('bare-pg', bp, 'ws20', 20)],
    },
  ];

  console.log('warming up...');
  for (const row of rows)
    for (const cell of row.cells)
      if (!cell.login) await measure(targets[cell.kind], cell, row.connections ?? CONNECTIONS, 1);

  const results: Record<string, Partial<Record<Kind, Measure[]>>> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const row of rows) {
      for (const cell of row.cells) {
        const m = await measure(targets[cell.kind], cell, row.connections ?? CONNECTIONS, DURATION);
        const cells = results[row.name] ?? {};
        results[row.name] = cells;
        cells[cell.kind] = [...(cells[cell.kind] ?? []), m];
        console.log(
          `round ${round + 1} ${row.name} | ${COLUMNS[cell.kind]}: ${m.reqPerSec.toFixed(0)} req/s, ${m.cpuUsPerReq} µs CPU/req, p50 ${m.p50} ms, p99 ${m.p99} ms${m.non2xx ? `, ${m.non2xx} non-2xx` : ''}${m.errors ? `, ${m.errors} errors` : ''}`,
        );
      }
    }
  }

  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  const table: Record<string, Partial<Record<Kind, Measure>>> = {};
  for (const [row, cells] of Object.entries(results)) {
    table[row] = {};
    for (const [kind, ms] of Object.entries(cells) as [Kind, Measure[]][]) {
      table[row]![kind] = {
        cpuUsPerReq: median(ms.map((m) => m.cpuUsPerReq)),
        reqPerSec: Math.round(median(ms.map((m) => m.reqPerSec))),
        p50: median(ms.map((m) => m.p50)),
        p99: median(ms.map((m) => m.p99)),
        non2xx: ms.reduce((a, m) => a + m.non2xx, 0),
        errors: ms.reduce((a, m) => a + m.errors, 0),
      };
    }
  }
  const rps = (row: string, kind: Kind) => table[row]?.[kind]?.reqPerSec ?? Number.NaN;
  const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100;
  const p99At50 = table['list of 20, 50 concurrent clients']!['stromwerk-pg']!.p99;
  const goals = {
    list20PgliteVsRaw: {
      ratio: ratio(rps('list of 20 sources', 'stromwerk-pglite'), rps('list of 20 sources', 'bare-pglite')),
      goal: 0.67,
    },
    list20PgVsRaw: {
      ratio: ratio(rps('list of 20 sources', 'stromwerk-pg'), rps('list of 20 sources', 'bare-pg')),
      goal: 0.67,
    },
    mePgliteVsStatic: {
      ratio: ratio(
        rps('GET /v1/me (authenticated)', 'stromwerk-pglite'),
        rps('GET /v1/me (authenticated)', 'bare-static'),
      ),
      goal: 0.5,
    },
    mePgVsStatic: {
      ratio: ratio(
        rps('GET /v1/me (authenticated)', 'stromwerk-pg'),
        rps('GET /v1/me (authenticated)', 'bare-static'),
      ),
      goal: 0.5,
    },
  };
  // The same goal on CPU per answer: bare's microseconds over Stromwerk's (1 = as cheap as the baseline).
  const cpu = (row: string, kind: Kind) => table[row]?.[kind]?.cpuUsPerReq ?? Number.NaN;
  const meCpu = {
    pglite: {
      ratio: ratio(
        cpu('GET /v1/me (authenticated)', 'bare-static'),
        cpu('GET /v1/me (authenticated)', 'stromwerk-pglite'),
      ),
      goal: 0.5,
    },
    pg: {
      ratio: ratio(
        cpu('GET /v1/me (authenticated)', 'bare-static'),
        cpu('GET /v1/me (authenticated)', 'stromwerk-pg'),
      ),
      goal: 0.5,
    },
  };
  const pass = (g: { ratio: number; goal: number }) => (g.ratio >= g.goal ? 'pass' : 'FAIL');

  const kinds = Object.keys(COLUMNS) as Kind[];
  const md = [
    `| request | ${kinds.map((k) => COLUMNS[k]).join(' | ')} |`,
    `|---|${kinds.map(() => '---').join('|')}|`,
    ...rows.map((row) => {
      const cells = kinds.map((k) => {
        const m = table[row.name]?.[k];
        if (!m) return '-';
        const p99 = row.connections ? ` (p99 ${m.p99} ms)` : '';
        return `${m.reqPerSec.toLocaleString('en')}${p99}`;
      });
      return `| ${row.name} | ${cells.join(' | ')} |`;
    }),
    '',
    `| CPU µs per answer | ${kinds.map((k) => COLUMNS[k]).join(' | ')} |`,
    `|---|${kinds.map(() => '---').join('|')}|`,
    ...rows.map((row) => {
      const cells = kinds.map((k) => String(table[row.name]?.[k]?.cpuUsPerReq ?? '-'));
      return `| ${row.name} | ${cells.join(' | ')} |`;
    }),
  ].join('\n');
  console.log(`\n${md}\n`);
  console.log(
    JSON.stringify({ ...goals, meCpu }, null, 2),
    `\n50 clients p99 on PostgreSQL: ${p99At50} ms (goal < 100)`,
  );

  writeResult(
    'api-speed',
    {
      durationSeconds: DURATION,
      rounds: ROUNDS,
      connections: CONNECTIONS,
      table,
      goals,
      meCpu,
      p99At50,
      markdown: md,
    },
    `${DURATION} s x ${ROUNDS} round(s), 10 connections, interleaved: list of 20 PGlite ${goals.list20PgliteVsRaw.ratio}x raw PGlite (goal >= 0.67: ${pass(goals.list20PgliteVsRaw)}), PostgreSQL ${goals.list20PgVsRaw.ratio}x raw pg (${pass(goals.list20PgVsRaw)}); /v1/me ${goals.mePgliteVsStatic.ratio}x / ${goals.mePgVsStatic.ratio}x bare static (goal >= 0.5: ${pass(goals.mePgliteVsStatic)} / ${pass(goals.mePgVsStatic)}), by CPU per answer ${meCpu.pglite.ratio}x / ${meCpu.pg.ratio}x (${pass(meCpu.pglite)} / ${pass(meCpu.pg)}); list with 50 clients on PostgreSQL p99 ${p99At50} ms (goal < 100 on an idle machine: ${p99At50 < 100 ? 'pass' : 'FAIL'}); /v1/me ${rps('GET /v1/me (authenticated)', 'stromwerk-pglite')} / ${rps('GET /v1/me (authenticated)', 'stromwerk-pg')} req/s, list of 20 ${rps('list of 20 sources', 'stromwerk-pglite')} / ${rps('list of 20 sources', 'stromwerk-pg')} req/s (PGlite / PostgreSQL)`,
  );
} finally {
  for (const child of children) child.kill('SIGINT');
  await Promise.all(
    children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
  );
  await admin.query(`drop database if exists ${PG_DB} with (force)`).catch(() => {});
  await admin.end();
}
