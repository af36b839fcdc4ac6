// Builds `npm start` needs, each made only when missing or stale: the web app (apps/web/dist) and the
// server bundle (apps/server/dist/main.js). Stale means the content of its inputs changed since the
// stamp written after the last successful build (a hash of paths and bytes, so a fresh checkout with new
// mtimes does not rebuild, and an edit that keeps the mtime does).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

export const root = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

const SKIP = new Set(['node_modules', 'dist', '.vite', 'test-results']);

function files(path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true })
    .filter((entry) => !SKIP.has(entry.name))
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((entry) => files(join(path, entry.name)));
}

/** One hash over the relative path and the bytes of every input file. */
export function inputsHash(inputs) {
  const hash = createHash('sha256');
  for (const file of inputs.flatMap((input) => files(join(root, input)))) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

export const webBuild = {
  name: 'web app',
  inputs: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/build',
    'apps/web/index.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/contracts/src',
    'packages/client/src',
    'package-lock.json',
  ],
  output: 'apps/web/dist/index.html',
  stamp: 'apps/web/dist/.build-stamp',
  command: ['npm', ['run', 'build', '-w', '@stromwerk/web']],
};

export const serverBuild = {
  name: 'server',
  inputs: [
    'apps/server/src',
    'apps/server/package.json',
    'packages/contracts/src',
    'packages/media/src',
    'scripts/build-server.mjs',
    'package-lock.json',
  ],
  output: 'apps/server/dist/main.js',
  stamp: 'apps/server/dist/.build-stamp',
  command: ['node', ['scripts/build-server.mjs']],
};

/** Whether the build's output is there and was built from the inputs as they are now. */
export function isFresh(build, hash = inputsHash(build.inputs)) {
  const stamp = join(root, build.stamp);
  return existsSync(join(root, build.output)) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
}

/** Builds when missing or stale; returns whether it built. Exits the process when the build fails. */
export function ensureBuilt(build, { log = console.log, force = false } = {}) {
  const hash = inputsHash(build.inputs);
  if (!force && isFresh(build, hash)) return false;
  log(`Building the ${build.name} (missing or changed since the last build)...`);
  const [command, args] = build.command;
  // A test runner's NODE_ENV=test would make Vite bundle React's development build.
  const { NODE_ENV: _, ...env } = process.env;
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) {
    console.error(`Building the ${build.name} failed`);
    process.exit(result.status ?? 1);
  }
  writeFileSync(join(root, build.stamp), hash);
  return true;
}
