import { existsSync, mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { type Logger, sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { lockDataDir } from '../db/data-dir-lock';
import { type LockSession, localLockSession, PgLockSession } from '../db/lock-session';
import { type NotifyChannel, type NotifyHandlers, openNotifyChannel } from '../db/notify-channel';
import { ensurePgliteDataDir } from '../db/pglite-data-dir';
import { parseDrizzleTypesOnce } from '../db/pglite-parsers';
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
  /**
   * PostgreSQL only: a LISTEN/NOTIFY channel to the other server processes on this database (a dedicated
   * listening connection). PGlite is one process, so it has none.
   */
  listen?<M>(channel: string, handlers: NotifyHandlers<M>): NotifyChannel<M>;
  /**
   * The session that holds this process's live leases (advisory locks, db/lock-session.ts): a dedicated
   * connection on PostgreSQL; on PGlite, the only process, every lock is granted.
   */
  lockSession(log: LockLog): LockSession;
}

type LockLog = { warn(o: object, m: string): void; info(o: object, m: string): void };

const here = dirname(fileURLToPath(import.meta.url));
/** src/db/migrations, from src/plugins when run as TypeScript and from dist/ in the built bundle. */
export const migrationsFolder =
  [resolve(here, '../db/migrations'), resolve(here, '../src/db/migrations')].find((dir) => existsSync(dir)) ??
  resolve(here, '../db/migrations');
const MIGRATION_LOCK = 724_311_001;

export interface DatabaseOptions {
  databaseUrl?: string;
  /** Folder for PGlite; `memory://` keeps it in memory. */
  pgliteDir?: string;
  /** A PGlite data directory dump to start from (tests start from an already migrated one). */
  pgliteSnapshot?: Blob;
  /** Sees every SQL statement (bench/api-sql-count.ts counts statements per request with it). */
  logger?: Logger;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.logger);
  return openPglite(options.pgliteDir ?? 'memory://', options.pgliteSnapshot, options.logger);
}

async function openPostgres(url: string, logger?: Logger): Promise<Database> {
  // Loaded only on PostgreSQL: an embedded start does not pay for the driver (issue 32, item 5).
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
  ]);
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client whose backend went away (database restart, administrator terminate, a dropped test
  // database) emits 'error' on the pool, which would crash the process unhandled. The pool discards that
  // client and opens a new one when needed.
  pool.on('error', () => {});
  const db = drizzlePg(pool, { schema, ...(logger ? { logger } : {}) });
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
    listen: (channel, handlers) => openNotifyChannel(url, pool, channel, handlers),
    lockSession: (log) => new PgLockSession(url, log),
  };
}

/**
 * PostgreSQL's default 128 MB of shared buffers is WebAssembly memory that PGlite touches and never gives
 * back: it was a quarter of the idle server's memory. Table files are still read through the operating
 * system's page cache (PGlite reads DATA_DIR/db with node:fs), so a small buffer pool costs little.
 */
const PGLITE_SETTINGS = ['-c', 'shared_buffers=16MB'];

async function openPglite(dir: string, snapshot?: Blob, logger?: Logger): Promise<Database> {
  const inMemory = dir.startsWith('memory://');
  // Before anything touches the files: one process per embedded database (db/data-dir-lock.ts).
  if (!inMemory) mkdirSync(dirname(dir), { recursive: true });
  const unlock = inMemory ? () => {} : lockDataDir(dir);
  try {
    if (!inMemory) await ensurePgliteDataDir(dir, { migrationsFolder, settings: PGLITE_SETTINGS });
    const client = await PGlite.create({
      ...(inMemory ? {} : { dataDir: dir }),
      startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS],
      ...(snapshot ? { loadDataDir: snapshot } : {}),
    });
    parseDrizzleTypesOnce(client);
    await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    const db = drizzlePglite(client, { schema, ...(logger ? { logger } : {}) });
    return {
      db: db as unknown as Db,
      engine: 'pglite',
      ping: () => ping(db as unknown as Db),
      close: async () => {
        await client.close();
        unlock();
      },
      lockSession: () => localLockSession(),
    };
  } catch (err) {
    unlock();
    throw err;
  }
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
