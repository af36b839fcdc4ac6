import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from '../db/schema/index-for-drizzle';

/**
 * One Drizzle schema and one migration folder serve both engines: PGlite (embedded, in DATA_DIR/db or in
 * memory for tests) and PostgreSQL (DATABASE_URL). Both expose the same query builder, so the rest of the
 * server sees one `Db` type.
 */
export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  engine: 'pglite' | 'postgresql';
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export const migrationsFolder = resolve(dirname(fileURLToPath(import.meta.url)), '../db/migrations');
const MIGRATION_LOCK = 724_311_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** A PGlite data directory dump to start from (tests start from an already migrated one). */
  pgliteSnapshot?: Blob;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir ?? 'memory://', options.pgliteSnapshot);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose backend went away (database restart, administrator terminate, a dropped test
  // database) emits 'error' on the pool, which would crash the process unhandled. The pool discards that
  // client and opens a new one when needed.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema });
  // Several server processes may start at once: only one migrates, the others wait for it.
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
  return {
    db,
    engine: 'postgresql',
    ping: () => ping(db),
    close: () => pool.end(),
  };
}

async function openPglite(dir: string, snapshot?: Blob): Promise<Database> {
  if (!dir.startsWith('memory://')) mkdirSync(dir, { recursive: true });
  const client = await PGlite.create({
    ...(dir.startsWith('memory://') ? {} : { dataDir: dir }),
    ...(snapshot ? { loadDataDir: snapshot } : {}),
  });
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db: db as unknown as Db,
    engine: 'pglite',
    ping: () => ping(db as unknown as Db),
    close: () => client.close(),
  };
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

export const pgliteDirFor = (dataDir: string) => join(dataDir, 'db');
