// Restart-to-healthy time and idle memory of the production start (issue 10, finding 11).
// Run: npx tsx bench/production-start.ts [rounds=3]
// Each way of starting runs as its own process on a DATA_DIR that already holds a database, is killed
// with SIGKILL once healthy (a crash) and started again, `rounds` times; the time is from spawn to the
// first 200 of /v1/health. Idle RSS is read from /proc 10 s after the last start. In the same run:
// - built: `npm start` now (node scripts/start.mjs: builds are fresh, so the server bundle runs as is),
// - tsx: the server through tsx without a build (what `npm start` ran after its build),
// - old npm start: the web build (into a temporary folder, dist is left alone) and then tsx,
// - bare node: an empty node process, the floor of any node server's memory.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, serverBuild, webBuild } from '../scripts/lib/builds.mjs';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { exited, freePort } from '../scripts/lib/test-support.mjs';
import { writeResult } from './lib/results';

const root = join(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 3);
const GOAL_MS = 5000;
const GOAL_RSS_MB = 300;

const rssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const tempWeb = mkdtempSync(join(tmpdir(), 'sw-bench-web-'));
const variants: Record<string, string[]> = {
  built: [process.execPath, 'scripts/start.mjs'],
  tsx: [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
  'old npm start': [
    'sh',
    '-c',
    `npm run build -w @stromwerk/web -- --outDir ${tempWeb} --emptyOutDir >/dev/null 2>&1 && exec ${process.execPath} --import tsx apps/server/src/main.ts`,
  ],
};

/** Starts one way on dataDir; resolves with the process once /v1/health answers, and the time it took. */
async function start(command: string[], dataDir: string) {
  const env = await serverEnv(await freePort(), dataDir);
  return startServerProcess(command, { cwd: root, env, timeoutMs: 180_000, pollMs: 50 });
}

async function main() {
  ensureBuilt(webBuild);
  ensureBuilt(serverBuild);
  const results: Record<
    string,
    { restartMs: number[]; medianMs: number; idleRssMb: number; firstRssMb?: number }
  > = {};
  for (const [name, command] of Object.entries(variants)) {
    const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-start-'));
    try {
      // First start creates the database and the owner; its memory is reported apart.
      const first = await start(command, dataDir);
      await new Promise((r) => setTimeout(r, 10_000));
      const firstRssMb = rssMb(first.child.pid!);
      first.child.kill('SIGKILL');
      await exited(first.child);
      const restartMs: number[] = [];
      let idleRssMb = 0;
      for (let i = 0; i < rounds; i += 1) {
        const run = await start(command, dataDir);
        restartMs.push(run.ms);
        if (i === rounds - 1) {
          await new Promise((r) => setTimeout(r, 10_000));
          idleRssMb = rssMb(run.child.pid!);
        }
        run.child.kill('SIGKILL');
        await exited(run.child);
      }
      results[name] = { restartMs, medianMs: median(restartMs), idleRssMb, firstRssMb };
      console.log(name, results[name]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  rmSync(tempWeb, { recursive: true, force: true });

  const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1000));
  const bareNodeRssMb = rssMb(bare.pid!);
  bare.kill('SIGKILL');

  const built = results.built!;
  const tsx = results.tsx!;
  const old = results['old npm start']!;
  const pass = { restart: built.medianMs < GOAL_MS, idleRss: built.idleRssMb < GOAL_RSS_MB };
  writeResult(
    'production-start',
    {
      rounds,
      load: readFileSync('/proc/loadavg', 'utf8').trim(),
      goals: { restartMs: GOAL_MS, idleRssMb: GOAL_RSS_MB },
      pass,
      variants: results,
      bareNodeRssMb,
    },
    `restart to healthy (median of ${rounds}, kill -9 then start, build present): built ${built.medianMs} ms ` +
      `(goal < ${GOAL_MS}: ${pass.restart ? 'pass' : 'FAIL'}) vs tsx ${tsx.medianMs} ms ` +
      `(${(tsx.medianMs / built.medianMs).toFixed(1)}x) vs old npm start ${old.medianMs} ms ` +
      `(${(old.medianMs / built.medianMs).toFixed(1)}x); idle RSS on PGlite: built ${built.idleRssMb} MB ` +
      `(goal < ${GOAL_RSS_MB}: ${pass.idleRss ? 'pass' : 'FAIL'}; first start ${built.firstRssMb} MB) vs tsx ` +
      `${tsx.idleRssMb} MB, bare node ${bareNodeRssMb} MB`,
  );
}

await main();
