// Bundles the server (apps/server/src/main.ts) into apps/server/dist/main.js with esbuild, so `npm start`
// runs plain JavaScript instead of compiling TypeScript through tsx on every start. The workspace
// packages (@stromwerk/contracts, @stromwerk/media export their TypeScript sources) are bundled in;
// every other package stays an import from node_modules. Files read at run time stay where they are:
// the migrations (apps/server/src/db/migrations, found by plugins/db.ts) and the web app (apps/web/dist).
import { rmSync } from 'node:fs';
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
