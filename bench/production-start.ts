// Restart-to-healthy time and idle memory of the production start (issue 10, finding 11).
// Run: npx tsx bench/production-start.ts [rounds=3]   (BENCH_LOAD=<n> stress-ng CPU hogs, default 4;
// BENCH_VARIANTS=all adds the tsx and old npm start rows; exits 1 when the built restart misses its goal)
// Each way of starting runs as its own process on a DATA_DIR that already holds a database, is killed
// with SIGKILL once healthy (a crash) and started again, `rounds` times; the time is from spawn to the
// first 200 of /v1/health. Idle RSS is read from /proc 10 s after the last start. In the same run:
// - built: `npm start` now (node scripts/start.mjs: builds are fresh, so the server bundle runs as is),
// - tsx: the server through tsx without a build (what `npm start` ran after its build),
// - old npm start: the web build (into a temporary folder, dist is left alone) and then tsx,
// - bare node: an empty node process, the floor of any node server's memory.
// The goal is stated on a busy machine (issue 32, item 5): stress-ng --cpu 4 on 2 cores runs for the whole
// bench. Besides restart to healthy (/v1/health answers 200) it reports restart to ready
// (/v1/health/ready: ffmpeg detected, live plane reconciled), which may come later.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, serverBuild, webBuild } from '../scripts/lib/builds.mjs';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { exited, freePort } from '../scripts/lib/test-support.mjs';
import { cpuLoad, LoadWindow } from './lib/load';
import { writeResult } from './lib/results';

const root = join(import.meta.dirname, '..');
const rounds = Number(process.argv[2] ?? 3);
const LOAD = Number(process.env.BENCH_LOAD ?? 4);
const GOAL_MS = 5000;
const GOAL_RSS_MB = 300;

const rssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Math.round(Number(m[1]) / 1024) : 0;
};
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const tempWeb = mkdtempSync(join(tmpdir(), 'sw-bench-web-'));
const allVariants: Record<string, string[]> = {
  built: [process.execPath, 'scripts/start.mjs'],
  tsx: [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
  'old npm start': [
    'sh',
    '-c',
    `npm run build -w @stromwerk/web -- --outDir ${tempWeb} --emptyOutDir >/dev/null 2>&1 && exec ${process.execPath} --import tsx apps/server/src/main.ts`,
  ],
};
// BENCH_BEFORE=<checkout>: that checkout's server bundle (built there, node_modules linked) as variant
// "before", started the same way in the same run: a before/after figure at the same load.
const before = process.env.BENCH_BEFORE;
const variants: Record<string, string[]> = {
  ...(before ? { before: [process.execPath, join(before, 'apps/server/dist/main.js')] } : {}),
  ...(process.env.BENCH_VARIANTS === 'all' ? allVariants : { built: allVariants.built as string[] }),
};
/** CPU time (user + system) the process has used so far, in ms: a figure the machine's load bends less. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Starts one way on dataDir; resolves with the process once /v1/health answers, and the time it took. */
async function start(command: string[], dataDir: string) {
  const env = await serverEnv(await freePort(), dataDir);
  const started = performance.now();
  const run = await startServerProcess(command, {
    cwd: root,
    env,
    timeoutMs: 600_000,
    pollMs: 50,
    untilStarted: false,
  });
  const cpuToHealthyMs = cpuMs(run.child.pid!);
  const ready = `http://127.0.0.1:${env.PORT}/v1/health/ready`;
  let readyMs = Number.NaN;
  while (performance.now() - started < 600_000) {
    if (
      await fetch(ready).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      readyMs = Math.round(performance.now() - started);
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return { ...run, readyMs, cpuToHealthyMs };
}

async function main() {
  ensureBuilt(webBuild);
  ensureBuilt(serverBuild);
  const hogs = cpuLoad(LOAD, 1800);
  await new Promise((r) => setTimeout(r, LOAD > 0 ? 5000 : 0));
  const load = new LoadWindow();
  const results: Record<
    string,
    {
      restartMs: number[];
      medianMs: number;
      readyMs: number[];
      medianReadyMs: number;
      cpuToHealthyMs: number[];
      medianCpuMs: number;
      idleRssMb: number;
      firstRssMb?: number;
    }
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
      const readyMs: number[] = [];
      const cpuToHealthyMs: number[] = [];
      let idleRssMb = 0;
      for (let i = 0; i < rounds; i += 1) {
        const run = await start(command, dataDir);
        restartMs.push(run.ms);
        readyMs.push(run.readyMs);
        cpuToHealthyMs.push(run.cpuToHealthyMs);
        if (i === rounds - 1) {
          await new Promise((r) => setTimeout(r, 10_000));
          idleRssMb = rssMb(run.child.pid!);
        }
        run.child.kill('SIGKILL');
        await exited(run.child);
      }
      results[name] = {
        restartMs,
        medianMs: median(restartMs),
        readyMs,
        medianReadyMs: median(readyMs),
        cpuToHealthyMs,
        medianCpuMs: median(cpuToHealthyMs),
        idleRssMb,
        firstRssMb,
      };
      console.log(name, results[name]);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  rmSync(tempWeb, { recursive: true, force: true });
  const loadSeen = load.end();
  await hogs.stop();

  const bare = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1e9)'], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 1000));
  const bareNodeRssMb = rssMb(bare.pid!);
  bare.kill('SIGKILL');

  const built = results.built!;
  const { tsx, 'old npm start': old, before: was } = results;
  const pass = { restart: built.medianMs < GOAL_MS, idleRss: built.idleRssMb < GOAL_RSS_MB };
  const others = [
    was
      ? ` vs before ${was.medianMs} ms [${was.restartMs.join(', ')}], CPU to healthy ${was.medianCpuMs} ms (${(was.medianMs / built.medianMs).toFixed(1)}x)`
      : '',
    tsx ? ` vs tsx ${tsx.medianMs} ms (${(tsx.medianMs / built.medianMs).toFixed(1)}x)` : '',
    old ? ` vs old npm start ${old.medianMs} ms (${(old.medianMs / built.medianMs).toFixed(1)}x)` : '',
  ].join('');
  writeResult(
    'production-start',
    {
      rounds,
      stress: `stress-ng --cpu ${LOAD}`,
      load: loadSeen,
      goals: { restartMs: GOAL_MS, idleRssMb: GOAL_RSS_MB },
      pass,
      variants: results,
      bareNodeRssMb,
    },
    `restart to healthy (median of ${rounds}, kill -9 then start, build present, stress-ng --cpu ${LOAD}, ` +
      `load ${loadSeen.start}-${loadSeen.max} on ${availableParallelism()} cores): built ${built.medianMs} ms ` +
      `[${built.restartMs.join(', ')}] (goal < ${GOAL_MS}: ${pass.restart ? 'pass' : 'FAIL'}), CPU to healthy ` +
      `${built.medianCpuMs} ms, ready ` +
      `${built.medianReadyMs} ms${others}; idle RSS on PGlite: built ${built.idleRssMb} MB ` +
      `(goal < ${GOAL_RSS_MB}: ${pass.idleRss ? 'pass' : 'FAIL'}; first start ${built.firstRssMb} MB), ` +
      `bare node ${bareNodeRssMb} MB`,
  );
  if (!pass.restart) process.exitCode = 1;
}

await main();
