// Bytes a first visit to /login transfers from the production server (issue 10, finding 8).
// Run: npx tsx bench/login-transfer.ts
// Starts the built server (node scripts/start.mjs, building what is missing or stale) and fetches, over
// real sockets, what the page needs before the form renders: the HTML, the scripts and preloads it names,
// and the lazy chunks of the app and the login form (followed through Vite's manifest, as
// bench/web-bundle.mjs does). Each file is fetched three times, with Accept-Encoding `br`, `gzip` and
// `identity`; response bodies are counted as sent (headers are not). The baseline is identity.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, serverBuild, webBuild } from '../scripts/lib/builds.mjs';
import { serverEnv, startServerProcess } from '../scripts/lib/server-process.mjs';
import { exited, freePort } from '../scripts/lib/test-support.mjs';
import { writeResult } from './lib/results';

const root = join(import.meta.dirname, '..');
const dist = join(root, 'apps/web/dist');
const GOAL_BYTES = 200 * 1000;
const ENCODINGS = ['br', 'gzip', 'identity'] as const;

function rawGet(url: string, encoding: string) {
  return new Promise<{ status: number; encoding: string; bytes: number; body: Buffer }>((resolve, reject) => {
    request(url, { headers: { 'accept-encoding': encoding } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'] ?? 'identity',
          bytes: body.length,
          body,
        });
      });
    })
      .on('error', reject)
      .end();
  });
}

/** Paths /login needs: from the HTML it is sent, then the lazy app and login chunks. */
function loginFiles(html: string): string[] {
  const attr = (pattern: RegExp) => [...html.matchAll(pattern)].map((m) => m[1]!);
  const initial = [
    ...attr(/<script[^>]*\ssrc="([^"]+)"/g),
    ...attr(/<link[^>]*rel="(?:modulepreload|stylesheet)"[^>]*href="([^"]+)"/g),
  ];
  type Chunk = { file: string; imports?: string[]; css?: string[] };
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    Chunk
  >;
  const lazy = new Set<string>();
  const visit = (chunk: Chunk) => {
    if (lazy.has(`/${chunk.file}`)) return;
    lazy.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) lazy.add(`/${css}`);
    for (const key of chunk.imports ?? []) visit(manifest[key]!);
  };
  visit(manifest['src/app/app.tsx']!);
  visit(manifest['src/features/auth/components/login-page.tsx']!);
  return ['/login', ...new Set([...initial, ...lazy])];
}

async function main() {
  ensureBuilt(webBuild);
  ensureBuilt(serverBuild);
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-bench-login-'));
  const port = await freePort();
  const { child: server } = await startServerProcess([process.execPath, 'scripts/start.mjs'], {
    cwd: root,
    env: await serverEnv(port, dataDir),
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    const html = (await rawGet(`${base}/login`, 'identity')).body.toString('utf8');
    const files = loginFiles(html);
    const totals = Object.fromEntries(ENCODINGS.map((e) => [e, 0])) as Record<
      (typeof ENCODINGS)[number],
      number
    >;
    const perFile: { path: string; br: number; gzip: number; identity: number; sentAs: string }[] = [];
    for (const path of files) {
      const row = { path, br: 0, gzip: 0, identity: 0, sentAs: '' };
      for (const encoding of ENCODINGS) {
        const res = await rawGet(`${base}${path}`, encoding);
        if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
        row[encoding] = res.bytes;
        totals[encoding] += res.bytes;
        if (encoding === 'br') row.sentAs = res.encoding;
      }
      perFile.push(row);
    }
    const pass = totals.br < GOAL_BYTES;
    const kb = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    writeResult(
      'login-transfer',
      { page: '/login', goalBytes: GOAL_BYTES, pass, files: files.length, totals, perFile },
      `/login transfers ${kb(totals.br)} with brotli (goal < ${kb(GOAL_BYTES)}: ${pass ? 'pass' : 'FAIL'}), ` +
        `${kb(totals.gzip)} with gzip, ${kb(totals.identity)} uncompressed (baseline; brotli is ` +
        `${((100 * totals.br) / totals.identity).toFixed(1)}% of it) in ${files.length} files`,
    );
    console.log(totals);
  } finally {
    server.kill('SIGTERM');
    await exited(server);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
