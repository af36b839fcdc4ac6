// Bundles the server (apps/server/src/main.ts) into apps/server/dist/main.js with esbuild, so `npm start`
// runs plain JavaScript instead of compiling TypeScript through tsx on every start. The workspace
// packages (@stromwerk/contracts, @stromwerk/media export their TypeScript sources) are bundled in;
// every other package stays an import from node_modules. Files read at run time stay where they are:
// the migrations (apps/server/src/db/migrations, found by plugins/db.ts) and the web app (apps/web/dist).
// It also makes the embedded database's template (apps/server/dist/pglite-template): a database created
// and migrated once, which a server copies into a fresh DATA_DIR instead of creating one (5.4 s of CPU).
import { spawnSync } from 'node:child_process';
import { renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const outdir = join(root, 'apps/server/dist');

/** Bare imports of installed packages stay external; our own workspace packages are compiled in. */
const nodeModulesExternal = {
  name: 'node-modules-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@stromwerk/') ? undefined : { path: args.path, external: true },
    );
  },
};

rmSync(outdir, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [join(root, 'apps/server/src/main.ts')],
  outfile: join(outdir, 'main.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20.19',
  sourcemap: true,
  // Stack traces point at the TypeScript sources.
  sourcesContent: false,
  plugins: [nodeModulesExternal],
  logLevel: 'warning',
});
console.log(`server bundle: apps/server/dist/main.js in ${Date.now() - started} ms`);

const templateStarted = Date.now();
const template = join(outdir, 'pglite-template');
const init = spawnSync(
  process.execPath,
  [
    join(root, 'apps/server/src/db/pglite-init.mjs'),
    `${template}.new`,
    join(root, 'apps/server/src/db/migrations'),
  ],
  { stdio: 'inherit' },
);
if (init.status !== 0) {
  console.error('creating the embedded database template failed');
  process.exit(1);
}
renameSync(`${template}.new`, template);
console.log(`database template: apps/server/dist/pglite-template in ${Date.now() - templateStarted} ms`);
