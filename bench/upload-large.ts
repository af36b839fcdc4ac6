// Upload throughput and server memory for a 1 GB media file (issue 7). Run: npx tsx bench/upload-large.ts
// The real server runs as its own process (so its RSS is its own) on 127.0.0.1 with a fresh DATA_DIR; the
// file is streamed as multipart over one HTTP connection while /proc/<pid>/status is sampled every 50 ms.
import { execFileSync } from 'node:child_process';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
} from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@stromwerk/client/create-client';
import { mediaRoutes } from '@stromwerk/contracts/api/medias';
import { fillPath } from '@stromwerk/contracts/api/route';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { freePort } from '../scripts/lib/test-support.mjs';
import { writeResult } from './lib/results';

const SIZE = 1024 * 1024 * 1024;
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
    const baseline = rssMb(server.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid!));
    }, 50);

    const boundary = '----stromwerkbench';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.ts"\r\nContent-Type: video/mp2t\r\n\r\n`;
    const tail = `\r\n--${boundary}--\r\n`;
    const started = process.hrtime.bigint();
    const status = await new Promise<number>((resolve, reject) => {
      // The multipart body is streamed by hand (not the client's upload) to measure the server alone.
      const upload = mediaRoutes.upload;
      const req = request(
        `${base}/v1${fillPath(upload.path)}?workspaceId=${encodeURIComponent(items[0]!.id)}`,
        {
          method: upload.method,
          headers: {
            ...auth,
            'content-type': `multipart/form-data; boundary=${boundary}`,
            'content-length': head.length + size + tail.length,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.write(head);
      const body = createReadStream(file, { highWaterMark: 1024 * 1024 });
      body.pipe(req, { end: false });
      body.on('end', () => req.end(tail));
    });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    clearInterval(sampler);
    const result = {
      status,
      bytes: size,
      seconds: Math.round(seconds * 100) / 100,
      throughputMBps: Math.round((size / 1024 / 1024 / seconds) * 10) / 10,
      serverRssBaselineMb: Math.round(baseline),
      serverRssPeakMb: Math.round(peak),
      serverRssGrowthMb: Math.round(peak - baseline),
    };
    console.log(result);
    if (status !== 201) throw new Error(`upload answered ${status}`);
    writeResult(
      'upload-large',
      result,
      `1 GiB upload (multipart, one connection, loopback, probe included): ${result.throughputMBps} MB/s in ${result.seconds} s; server RSS ${result.serverRssBaselineMb} -> peak ${result.serverRssPeakMb} MB (+${result.serverRssGrowthMb} MB)`,
    );
  } finally {
    server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1500));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
