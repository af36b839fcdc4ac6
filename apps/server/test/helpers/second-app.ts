import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type AppOptions, buildApp } from '../../src/app';
import { loadConfig } from '../../src/plugins/config';
import { openDatabase } from '../../src/plugins/db';

/**
 * Another server process on the same PostgreSQL database, in this test's process: its own pool,
 * listener, caches and memory, no live plane and no job worker. `env` adds settings (SHARED_DIR),
 * `options` app options (sharedLimits).
 */
export async function secondApp(
  url: string,
  env: Record<string, string> = {},
  options: Partial<AppOptions> = {},
) {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-test-b-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    PUBLIC_URL: 'http://stromwerk.test',
    ...env,
  });
  const database = await openDatabase({ databaseUrl: url });
  const app = await buildApp({
    config,
    database,
    logger: false,
    live: false,
    jobs: false,
    undeclaredErrors: 'fail',
    ...options,
  });
  await app.ready();
  return {
    app,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
