import { killAll } from '@stromwerk/media/process-registry';
import { buildApp } from './app';
import { bootstrapFirstRun } from './bootstrap';
import { ConfigError, loadConfig } from './plugins/config';

/** `npm start`: validate configuration, open everything, create the owner on first run, listen. */
async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  // The live plane, the jobs and ffmpeg's first answers start once listening: a restart answers health
  // within seconds on a busy machine, and readiness follows when they are running (issue 32, item 5).
  const app = await buildApp({ config, clusterCheck: true, deferWork: true });
  await bootstrapFirstRun(app.services.database.db, config, app.services, app.log);
  let working: Promise<void> | undefined;
  const shutdown = async (signal: string) => {
    app.log.info(`${signal}: shutting down`);
    // What is starting is noted on the app's lifecycle once started: let it finish, then stop it all.
    await working?.catch(() => {});
    await app.close();
    // Media processes run in their own process groups: make sure none outlives the server.
    await killAll();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Stromwerk is running at ${config.publicUrl}`);
  working = app.startWork?.();
  await working;
}

main().catch((e) => {
  // A configured service that cannot be used (an S3 bucket that is not there) is one clear line too.
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
