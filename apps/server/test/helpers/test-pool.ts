import pg from 'pg';

/**
 * A pool standing for a server process's own (plugins/db.ts): like it, it listens for 'error'. pool.end()
 * resolves before its clients' connections have closed, and a test database dropped WITH (FORCE) right
 * after terminates them: the backend's "terminating connection due to administrator command" then
 * reaches an idle client, which pg-pool re-emits on the pool, and without a listener that is an uncaught
 * exception that fails the run (seen in CI on notify-channel.test.ts).
 */
export function testPool(connectionString: string, max: number): pg.Pool {
  const pool = new pg.Pool({ connectionString, max });
  pool.on('error', () => {});
  return pool;
}
