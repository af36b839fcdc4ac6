// Creates a new embedded database (PGlite) in a folder and migrates it, then exits: `node pglite-init.mjs
// <folder> <migrations folder> [PostgreSQL settings as a JSON array of start parameters]`. A process of its own because creating and
// migrating a database leave 120-450 MB of WebAssembly memory and malloc arenas behind in the process
// that did it, for good (plugins/db.ts). The server runs it for a fresh DATA_DIR when it has no template,
// and the server build runs it once to make that template (scripts/build-server.mjs), which every later
// fresh DATA_DIR is copied from: creating a database (initdb) costs 5.4 s of CPU, a copy a fraction.
// Plain JavaScript: it runs from the sources and from the built bundle alike.
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';

const [dir, migrationsFolder, settings = '[]'] = process.argv.slice(2);
if (!dir || !migrationsFolder) {
  console.error('usage: node pglite-init.mjs <folder> <migrations folder> [settings as JSON]');
  process.exit(2);
}
const startParams = [...PGlite.defaultStartParams, ...JSON.parse(settings)];
const client = await PGlite.create({ dataDir: dir, startParams });
await migrate(drizzle(client), { migrationsFolder });
await client.close();
