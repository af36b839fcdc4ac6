// What the JavaScript /login loads is made of: builds the web app with source maps into a scratch folder
// and prints, for each chunk bench/web-bundle.mjs counts, the gzip bytes each package or source folder
// costs (gzip of the chunk minus gzip of the chunk without that group's bytes, found through the map).
// Usage: node bench/web-bundle-contents.mjs [minimum bytes to list, default 250]
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { SourceMapConsumer } = createRequire(join(root, 'package.json'))('source-map-js');
const minimum = Number(process.argv[2] ?? 250);
const out = mkdtempSync(join(tmpdir(), 'web-bundle-contents-'));
const build = spawnSync('npx', ['vite', 'build', '--sourcemap', '--outDir', out], {
  cwd: join(root, 'apps/web'),
  stdio: 'ignore',
});
if (build.status !== 0) process.exit(build.status ?? 1);

const manifest = JSON.parse(readFileSync(join(out, '.vite/manifest.json'), 'utf8'));
const files = new Set();
const visit = (chunk) => {
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const key of chunk.imports ?? []) visit(manifest[key]);
};
for (const source of ['index.html', 'src/app/app.tsx', 'src/features/auth/components/login-page.tsx'])
  visit(manifest[source]);

/** A package (`@mui/material/Button` for MUI's components) or a source file of this repository. */
function groupOf(source) {
  if (!source) return '(bundler)';
  const inPackage = source.split('node_modules/').pop();
  if (inPackage !== source) {
    const parts = inPackage.split('/');
    const depth = parts[0] === '@mui' && parts[1] === 'material' ? 3 : parts[0].startsWith('@') ? 2 : 1;
    return parts.slice(0, depth).join('/');
  }
  return source.replace(/^.*?\b(apps|packages)\//, '$1/');
}

for (const file of files) {
  const code = readFileSync(join(out, file), 'utf8');
  const map = new SourceMapConsumer(JSON.parse(readFileSync(join(out, `${file}.map`), 'utf8')));
  const lineStart = [0];
  for (let i = 0; i < code.length; i++) if (code[i] === '\n') lineStart.push(i + 1);
  const mappings = [];
  map.eachMapping((m) => mappings.push(m), null, SourceMapConsumer.GENERATED_ORDER);
  const owner = new Array(code.length).fill('(bundler)');
  mappings.forEach((m, k) => {
    const next = mappings[k + 1];
    const start = lineStart[m.generatedLine - 1] + m.generatedColumn;
    const end = next ? lineStart[next.generatedLine - 1] + next.generatedColumn : code.length;
    owner.fill(groupOf(m.source), start, end);
  });
  const total = gzipSync(code).length;
  const costs = [...new Set(owner)].map((group) => {
    const without = code
      .split('')
      .filter((_, i) => owner[i] !== group)
      .join('');
    return [group, total - gzipSync(without).length];
  });
  process.stdout.write(`\n${file}: ${total} bytes gzipped\n`);
  for (const [group, bytes] of costs.sort((a, b) => b[1] - a[1]))
    if (bytes >= minimum) process.stdout.write(`${String(bytes).padStart(8)}  ${group}\n`);
}
rmSync(out, { recursive: true, force: true });
