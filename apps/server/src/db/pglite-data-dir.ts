/**
 * A fresh embedded database folder (DATA_DIR/db), made whole or not at all. It is copied from the
 * template the server build made (scripts/build-server.mjs: a database created and migrated once), or,
 * without one (a server run from its sources before any build), created by pglite-init.mjs in a process
 * of its own. Creating a database costs 5.4 s of CPU on an idle machine, and a first start beside other
 * work took over 30 s; the copy takes a fraction of a second. Either way the folder is made under another
 * name and renamed into place: a start killed half-way leaves no half database behind, only a folder
 * the next start removes. The caller holds the DATA_DIR's lock (data-dir-lock.ts).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { cpSync, existsSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** From the sources (src/db) and from the bundle (dist/) alike, as plugins/db.ts finds the migrations. */
const firstExisting = (paths: string[]) => paths.find((path) => existsSync(path));

/** The template the server build made, if there is one. */
export function pgliteTemplate(): string | undefined {
  const dir = firstExisting([resolve(here, 'pglite-template'), resolve(here, '../../dist/pglite-template')]);
  return dir && existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

const initScript = () =>
  firstExisting([resolve(here, 'pglite-init.mjs'), resolve(here, '../src/db/pglite-init.mjs')]) ??
  resolve(here, 'pglite-init.mjs');

const isDatabase = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes `dir` a migrated database unless it is one. `settings` are PostgreSQL start parameters for a
 * database created here (the template's were the build's). Throws when `dir` holds files but no database:
 * they are not ours to remove.
 */
export async function ensurePgliteDataDir(
  dir: string,
  o: { migrationsFolder: string; settings: string[]; template?: string | null },
): Promise<'existing' | 'template' | 'created'> {
  if (isDatabase(dir)) return 'existing';
  const leftovers = `${basename(dir)}.new-`;
  for (const name of readdirSync(dirname(dir)))
    if (name.startsWith(leftovers)) rmSync(join(dirname(dir), name), { recursive: true, force: true });
  const temp = `${dir}.new-${process.pid}`;
  const template = o.template === undefined ? pgliteTemplate() : (o.template ?? undefined);
  if (template) cpSync(template, temp, { recursive: true });
  else await createInChild(temp, o.migrationsFolder, o.settings);
  if (existsSync(dir)) {
    try {
      rmdirSync(dir);
    } catch {
      rmSync(temp, { recursive: true, force: true });
      throw new Error(`${dir} holds files but no database (no PG_VERSION): move them away and start again`);
    }
  }
  renameSync(temp, dir);
  return template ? 'template' : 'created';
}

async function createInChild(dir: string, migrationsFolder: string, settings: string[]) {
  const child = spawn(process.execPath, [initScript(), dir, migrationsFolder, JSON.stringify(settings)], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const [exitCode] = (await once(child, 'exit')) as [number | null];
  if (exitCode !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`creating the database in ${dir} failed: ${stderr.trim()}`);
  }
}
