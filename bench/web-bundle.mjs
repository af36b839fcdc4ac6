// Measures the JavaScript a first visit to /login downloads. The budget (200 kB gzipped) applies to all
// of it: the entry script and modulepreloads named in dist/index.html, and the lazily loaded chunks the
// product app and its login form need before the form can render (followed through Vite's manifest).
// Counting only the entry would let a dynamic import of the app hide its cost. Writes
// bench/results/web-bundle.json and a line to bench/results/SUMMARY.md.
// Usage: node bench/web-bundle.mjs [--no-build]
import { spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'apps/web/dist');
const results = join(root, 'bench/results');
const BUDGET_BYTES = 200 * 1000; // 200 kB gzipped
const APP_SOURCE = 'src/app/app.tsx';
const LOGIN_PAGE_SOURCE = 'src/features/auth/components/login-page.tsx';

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('npm', ['run', 'build', '-w', '@stromwerk/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const html = readFileSync(join(dist, 'index.html'), 'utf8');
const tagFiles = (pattern) => [...html.matchAll(pattern)].map((match) => match[1].replace(/^\//, ''));
const entryScripts = tagFiles(/<script[^>]*type="module"[^>]*src="([^"]+)"/g);
const preloads = tagFiles(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g);
const initial = [...new Set([...entryScripts, ...preloads])];

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const app = manifest[APP_SOURCE];
if (!app) throw new Error(`${APP_SOURCE} is not a chunk of its own: does main.tsx still load it lazily?`);
const login = manifest[LOGIN_PAGE_SOURCE];
if (!login) throw new Error(`${LOGIN_PAGE_SOURCE} is not a chunk of its own: is the route still lazy?`);
const routeFiles = new Set();
const visit = (chunk) => {
  if (routeFiles.has(chunk.file)) return;
  routeFiles.add(chunk.file);
  for (const key of chunk.imports ?? []) visit(manifest[key]);
};
// main.tsx imports the app, the app the login form: the form's own imports need not reach the app's chunk.
visit(app);
visit(login);
const lazy = [...routeFiles].filter((file) => !initial.includes(file));

function measure(files) {
  const sizes = files.map((file) => {
    const bytes = readFileSync(join(dist, file));
    return { file, bytes: bytes.length, gzip: gzipSync(bytes).length };
  });
  return {
    files: sizes,
    bytes: sizes.reduce((sum, s) => sum + s.bytes, 0),
    gzip: sizes.reduce((sum, s) => sum + s.gzip, 0),
  };
}

const html_ = measure(initial);
const route = measure(lazy);
const total = html_.gzip + route.gzip;
const report = {
  name: 'web-bundle',
  date: new Date().toISOString(),
  page: '/login',
  gzip: 'node zlib, default level',
  budgetGzipBytes: BUDGET_BYTES,
  initialGzipBytes: html_.gzip,
  withLoginRouteGzipBytes: total,
  pass: total <= BUDGET_BYTES,
  indexHtml: html_,
  loginRouteChunks: route,
};

if (!existsSync(results)) mkdirSync(results, { recursive: true });
writeFileSync(join(results, 'web-bundle.json'), `${JSON.stringify(report, null, 2)}\n`);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
const line = `- ${report.date.slice(0, 10)} web-bundle: /login loads ${kb(total)} of JS gzipped before it renders (budget ${kb(BUDGET_BYTES)}: ${report.pass ? 'pass' : 'FAIL'}): entry ${kb(html_.gzip)} (${initial.length} files from index.html) + ${kb(route.gzip)} in ${lazy.length} lazy chunks\n`;
appendFileSync(join(results, 'SUMMARY.md'), line);
process.stdout.write(line);
if (!report.pass) process.exit(1);
