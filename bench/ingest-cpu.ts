// Ingest cost (issue 18): CPU of one ingested RTMP stream with one reader, in our two ingest engines
// (node-media-server inside a Node process; nginx-rtmp as a child of a Node process, INGEST_ENGINE=nginx)
// against nginx-rtmp alone (Debian's libnginx-mod-rtmp), measured in the same run, rounds interleaved. Run: npx tsx bench/ingest-cpu.ts
// Each server runs alone in its own process; its CPU over a window is read from /proc, minus what the
// same process used idle over an equal window before the stream. The encoder replays a pre-encoded
// 720p30 file (stream copy, in real time), so encoding costs nothing here; a reader pulls the stream
// (ffmpeg -c copy to null) as our program writer does. BENCH_ROUNDS (3), BENCH_WINDOW seconds (20),
// BENCH_STREAMS (6) at once; the figures are per stream.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, testEncoderArgs } from '../scripts/lib/test-support.mjs';
import { ensureNginxRtmp, startNginxRtmp } from './lib/nginx-rtmp';
import { processCpuSeconds } from './lib/proc-cpu';
import { writeResult } from './lib/results';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const WINDOW_MS = Number(process.env.BENCH_WINDOW ?? 20) * 1000;
// Several streams at once: one stream of nginx-rtmp is 0.25-0.4 % of a core, five jiffies in a 20 s
// window, which left the engines' figures at /proc's resolution (our nginx engine read 0.00 three times).
const STREAMS = Number(process.env.BENCH_STREAMS ?? 6);
const work = mkdtempSync(join(tmpdir(), 'stromwerk-ingest-cpu-'));
const children: ChildProcess[] = [];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function run(cmd: string, args: string[], onLine?: (line: string) => void) {
  const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  if (onLine) child.stdout?.on('data', (d: Buffer) => d.toString().split('\n').forEach(onLine));
  return child;
}

/** Our ingest alone (bench/lib/ingest-only.ts) in a node process of its own. */
async function startOurs(port: number, engine: 'builtin' | 'nginx') {
  let ready = false;
  const child = run('node', ['--import', 'tsx', 'bench/lib/ingest-only.ts', String(port), engine], (l) => {
    if (l.trim() === 'ready') ready = true;
  });
  for (let i = 0; i < 300 && !ready; i += 1) await sleep(100);
  if (!ready) throw new Error('our ingest did not start');
  return child;
}

/** A 10 s 720p30 H.264/AAC FLV with a keyframe every 2 s, like OBS sends. */
function encodeSample(): string {
  const file = join(work, 'sample.flv');
  const args = [
    '-hide_banner',
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30',
  ];
  args.push(
    '-f',
    'lavfi',
    '-i',
    'sine',
    '-t',
    '10',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-b:v',
    '3000k',
  );
  args.push('-g', '60', '-pix_fmt', 'yuv420p', '-c:a', 'aac', file);
  if (spawnSync('ffmpeg', args).status !== 0) throw new Error('could not encode the sample');
  return file;
}

/** A process and its children (our nginx engine runs nginx as a child of the node process). */
function family(pid: number): number[] {
  const children = readdirSync('/proc')
    .filter((e) => /^\d+$/.test(e))
    .filter((e) => {
      try {
        const stat = readFileSync(`/proc/${e}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [pid, ...children];
}
const cpuOf = (pids: number[]) => pids.reduce((sum, p) => sum + processCpuSeconds(p), 0);

async function measureServer(server: ChildProcess, port: number, sample: string) {
  const pids = family(server.pid!);
  const idle0 = cpuOf(pids);
  await sleep(WINDOW_MS / 2);
  const idlePerSecond = (cpuOf(pids) - idle0) / (WINDOW_MS / 2000);
  const q = ['-hide_banner', '-loglevel', 'error', '-nostdin'];
  const urls = Array.from({ length: STREAMS }, (_, i) => `rtmp://127.0.0.1:${port}/live/bench${i}`);
  const encoders = urls.map((url) =>
    run('ffmpeg', [...q, ...testEncoderArgs(url, { file: sample, loop: true })]),
  );
  await sleep(2000);
  const readers = urls.map((url) => run('ffmpeg', [...q, '-i', url, '-c', 'copy', '-f', 'null', '-']));
  await sleep(3000);
  const c0 = cpuOf(pids);
  const t0 = Date.now();
  await sleep(WINDOW_MS);
  const seconds = (Date.now() - t0) / 1000;
  const busyPerSecond = (cpuOf(pids) - c0) / seconds;
  const ended = readers.filter((r) => r.exitCode !== null).length;
  for (const c of [...readers, ...encoders]) c.kill('SIGKILL');
  if (ended > 0) throw new Error(`${ended} of ${STREAMS} readers ended early`);
  // % of one core per stream, the idle share taken out.
  return Math.max(0, ((busyPerSecond - idlePerSecond) * 100) / STREAMS);
}

type Engine = 'nginx-rtmp' | 'ours-builtin' | 'ours-nginx';

async function main() {
  ensureNginxRtmp();
  const sample = encodeSample();
  const figures: Record<Engine, number[]> = { 'nginx-rtmp': [], 'ours-builtin': [], 'ours-nginx': [] };
  const order: Engine[] = ['nginx-rtmp', 'ours-builtin', 'ours-nginx'];
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const which of round % 2 ? order : [...order].reverse()) {
      const nginx = which === 'nginx-rtmp' ? await startNginxRtmp('live') : undefined;
      if (nginx) children.push(nginx.child);
      const port = nginx?.rtmpPort ?? (await freePort());
      const server = nginx?.child ?? (await startOurs(port, which === 'ours-nginx' ? 'nginx' : 'builtin'));
      const pct = await measureServer(server, port, sample);
      server.kill('SIGTERM');
      await sleep(1000);
      server.kill('SIGKILL');
      figures[which].push(pct);
      console.log(
        `round ${round} ${which}: ${pct.toFixed(2)} % of a core (load ${loadavg()[0]!.toFixed(1)})`,
      );
    }
  }
  const base = Math.max(0.01, median(figures['nginx-rtmp']));
  const round2 = (x: number) => Number(x.toFixed(2));
  const result = {
    what: `CPU per ingested 720p30 3 Mbit/s RTMP stream with one reader (${STREAMS} at once), % of one core, idle taken out`,
    streams: STREAMS,
    rounds: ROUNDS,
    windowSeconds: WINDOW_MS / 1000,
    pct: Object.fromEntries(order.map((k) => [k, figures[k].map(round2)])),
    medianPct: Object.fromEntries(order.map((k) => [k, round2(median(figures[k]))])),
    ratioBuiltin: round2(median(figures['ours-builtin']) / base),
    ratioNginxEngine: round2(median(figures['ours-nginx']) / base),
    goal: 1.5,
    loadAverage: loadavg().map((x) => Number(x.toFixed(1))),
  };
  console.log(result);
  writeResult(
    'ingest-cpu',
    result,
    `per ingested stream + reader (${STREAMS} at once) vs nginx-rtmp alone: built-in (node-media-server) ${result.ratioBuiltin}x, INGEST_ENGINE=nginx ${result.ratioNginxEngine}x (goal <= 1.5x), load ${result.loadAverage[0]}`,
  );
}

try {
  await main();
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
}
