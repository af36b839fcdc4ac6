import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { type Database, migrationsFolder, openDatabase } from '../../src/plugins/db';

let snapshot: Promise<Blob> | undefined;
/** The dump, read once per test process (the API files share one: vitest's isolate: false). */
const migratedSnapshot = () => {
  snapshot ??= readOrMakeSnapshot();
  return snapshot;
};

/**
 * Migrating a fresh PGlite costs seconds of CPU per test file; a dump of one migrated database, cached in
 * the temp folder under a hash of the migrations, lets every later file start from it instead.
 */
async function readOrMakeSnapshot(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const f of readdirSync(migrationsFolder)
    .filter((n) => n.endsWith('.sql'))
    .sort())
    hash.update(readFileSync(join(migrationsFolder, f)));
  const file = join(tmpdir(), `stromwerk-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const client = await PGlite.create();
  await migrate(drizzle(client), { migrationsFolder });
  const dump = await client.dumpDataDir('none');
  await client.close();
  const temp = `${file}.${process.pid}`;
  writeFileSync(temp, Buffer.from(await dump.arrayBuffer()));
  renameSync(temp, file);
  return dump;
}

/**
 * A fresh database per test file: in-memory PGlite by default, or (STROMWERK_TEST_DB=postgres) a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped again when the file is done.
 */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (process.env.STROMWERK_TEST_DB !== 'postgres' || !url) {
    return openDatabase({ pgliteDir: 'memory://', pgliteSnapshot: await migratedSnapshot() });
  }
  const name = `sw_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const dbUrl = new URL(url);
  dbUrl.pathname = `/${name}`;
  const database = await openDatabase({ databaseUrl: dbUrl.toString() });
  return {
    ...database,
    /** Another process's view of the same database: `openDatabase({ databaseUrl: url })`. */
    url: dbUrl.toString(),
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export const testDbEngine = () =>
  process.env.STROMWERK_TEST_DB === 'postgres' && process.env.TEST_DATABASE_URL ? 'postgresql' : 'pglite';
