// Upload throughput and server memory for a 1 GB media file (issues 7, 32). Run: npx tsx bench/upload-large.ts
// The real server runs as its own process (so its RSS is its own) on 127.0.0.1 with a fresh DATA_DIR; curl
// streams the file as multipart over one HTTP connection while /proc/<pid>/status is sampled every 50 ms.
// In the same run, `curl -T` of the same file into a bare Node server writing to the same disk is the
// floor. Goal (issue 32, item 4): at least 0.8x of it, server memory flat (< 64 MB growth); exits 1 if not.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@stromwerk/client/create-client';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { fillPath } from '@stromwerk/contracts/api/route';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { freePort } from '../scripts/lib/test-support.mjs';
import { LoadWindow } from './lib/load';
import { writeResult } from './lib/results';

const SIZE = 1024 * 1024 * 1024;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2);
const GOAL_RATIO = 0.8;
const GOAL_RSS_MB = 64;

/** Runs curl with `args`; resolves [HTTP status, seconds]. The body goes nowhere. */
function curl(args: string[]): [number, number] {
  const out = execFileSync(
    'curl',
    ['-sS', '-o', '/dev/null', '-H', 'Expect:', '-w', '%{http_code} %{time_total}', ...args],
    { encoding: 'utf8', maxBuffer: 1024 * 1024 },
  );
  const [code, seconds] = out.trim().split(' ');
  return [Number(code), Number(seconds)];
}

/** The floor: `curl -T` into a bare Node server (own process) that writes the body to a file in `dir`. */
async function bareUpload(file: string, dir: string): Promise<number> {
  const port = await freePort();
  const target = join(dir, 'bare-upload.bin');
  const script = `require('http').createServer((q,s)=>{const w=require('fs').createWriteStream(${JSON.stringify(target)});q.pipe(w);w.on('finish',()=>{s.statusCode=201;s.end()})}).listen(${port},'127.0.0.1',()=>console.log('up'))`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise((r) => child.stdout.once('data', r));
  try {
    const [status, seconds] = curl(['-T', file, `http://127.0.0.1:${port}/`]);
    if (status !== 201) throw new Error(`bare server answered ${status}`);
    return seconds;
  } finally {
    child.kill('SIGKILL');
    rmSync(target, { force: true });
  }
}
const cache = join(import.meta.dirname, '.cache');
const admin = { email: 'bench@stromwerk.test', password: 'bench-password-1' };

const rssMb = (pid: number) => {
  const m = readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+) kB/);
  return m ? Number(m[1]) / 1024 : 0;
};

/** A real, probeable 1 GB MPEG-TS: a short high-bitrate clip looped with -c copy (no encoding of 1 GB). */
function bigFile(): string {
  const file = join(cache, 'upload-1g.ts');
  if (existsSync(file) && statSync(file).size >= SIZE * 0.99) return file;
  mkdirSync(cache, { recursive: true });
  const clip = join(cache, 'upload-clip.ts');
  console.log('making the 1 GB file once ...');
  const q = ['-hide_banner', '-loglevel', 'error', '-y'];
  execFileSync('ffmpeg', [
    ...q,
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=10',
    '-f',
    'lavfi',
    '-i',
    'sine=duration=10',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-b:v',
    '20M',
    '-c:a',
    'aac',
    clip,
  ]);
  execFileSync('ffmpeg', [...q, '-stream_loop', '-1', '-i', clip, '-c', 'copy', '-fs', String(SIZE), file]);
  return file;
}

async function main() {
  const file = bigFile();
  const size = statSync(file).size;
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-upload-'));
  const port = await freePort();
  const { child: server } = await startServerProcess(
    [process.execPath, '--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: join(import.meta.dirname, '..'),
      env: await serverEnv(port, dataDir, { ADMIN_EMAIL: admin.email, ADMIN_PASSWORD: admin.password }),
    },
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    const { token } = await createClient({ baseUrl: base }).users.login({ body: admin });
    const auth = { authorization: `Bearer ${token}` };
    const { items } = await createClient({
      baseUrl: base,
      auth: () => ({ bearer: token }),
    }).workspaces.list();
    await new Promise((r) => setTimeout(r, 2000)); // let start-up settle before the baseline
    const load = new LoadWindow();
    const baseline = rssMb(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid!));
    }, 50);

    // Each round: the bare server, then the product, with the same client (curl) and file on the same
    // disk; the ratio is of the sums, so a load change during the run hits both sides alike.
    const url = `${base}/v1${fillPath(mediaRoutes.upload.path)}?workspaceId=${encodeURIComponent(items[0]!.id)}`;
    const rounds: { bareS: number; productS: number }[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const bareS = await bareUpload(file, dataDir);
      const [status, productS] = curl([
        '-F',
        `file=@${file};type=video/mp2t`,
        '-H',
        `authorization: ${auth.authorization}`,
        url,
      ]);
      if (status !== 201) throw new Error(`upload answered ${status}`);
      rounds.push({ bareS, productS });
      console.log({ round, bareS, productS });
    }
    clearInterval(sampler);
    const sum = (k: 'bareS' | 'productS') => rounds.reduce((t, r) => t + r[k], 0);
    const ratio = sum('bareS') / sum('productS');
    const loadSeen = load.end();
    const mbps = (seconds: number) => Math.round((size / 1024 / 1024 / seconds) * 10) / 10;
    const result = {
      bytes: size,
      rounds,
      load: loadSeen,
      goal: { ratio: GOAL_RATIO, rssGrowthMb: GOAL_RSS_MB },
      productMBps: mbps(sum('productS') / ROUNDS),
      bareMBps: mbps(sum('bareS') / ROUNDS),
      ratio: Math.round(ratio * 100) / 100,
      serverRssBaselineMb: Math.round(baseline),
      serverRssPeakMb: Math.round(peak),
      serverRssGrowthMb: Math.round(peak - baseline),
    };
    const pass = result.ratio >= GOAL_RATIO && result.serverRssGrowthMb < GOAL_RSS_MB;
    console.log(result);
    writeResult(
      'upload-large',
      { ...result, pass },
      `1 GiB upload (curl -F multipart, one connection, loopback, probe included), ${ROUNDS} rounds: ${result.productMBps} MB/s vs ` +
        `curl -T into a bare Node server on the same disk ${result.bareMBps} MB/s: ${result.ratio}x (goal >= ${GOAL_RATIO}: ` +
        `${result.ratio >= GOAL_RATIO ? 'pass' : 'FAIL'}); server RSS ${result.serverRssBaselineMb} -> peak ${result.serverRssPeakMb} MB ` +
        `(+${result.serverRssGrowthMb} MB, goal < ${GOAL_RSS_MB}); load ${loadSeen.start}-${loadSeen.max} on 2 cores`,
    );
    if (!pass) process.exitCode = 1;
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
