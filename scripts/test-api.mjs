// Runs the API integration tests on embedded PGlite, then again on PostgreSQL when TEST_DATABASE_URL is set.
import { spawnSync } from 'node:child_process';

const engines = ['pglite', ...(process.env.TEST_DATABASE_URL ? ['postgres'] : [])];
for (const engine of engines) {
  console.log(`\n=== API tests on ${engine} ===`);
  const run = spawnSync('npx', ['vitest', 'run', '--project', 'api', ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, STROMWERK_TEST_DB: engine },
  });
  if (run.status !== 0) process.exit(run.status ?? 1);
}
if (engines.length === 1) console.log('TEST_DATABASE_URL not set: PostgreSQL run skipped');
