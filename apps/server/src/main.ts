import { killAll } from '@stromwerk/media/process-registry';
import { buildApp } from './app';
import { bootstrapFirstRun } from './bootstrap';
import { ConfigError, loadConfig } from './plugins/config';

/** A shutdown that has not finished in this time (a connection that never closes) exits anyway. */
const SHUTDOWN_LIMIT_MS = 20_000;

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
  // Signals are ours from the first moment: one that came while the app was still being built used to
  // kill the process by default, its database not closed. A second signal (npm and the terminal both
  // forward Ctrl-C) does not cut the first one's shutdown short.
  let stopping: string | undefined;
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let working: Promise<void> | undefined;
  // The live plane, the jobs and ffmpeg's first answers start once listening: a restart answers health
  // within seconds on a busy machine, and readiness follows when they are running (issue 32, item 5).
  const start = async () => {
    app = await buildApp({ config, clusterCheck: true, deferWork: true });
    if (stopping) return;
    await bootstrapFirstRun(app.services.database.db, config, app.services, app.log);
    if (stopping) return;
    await app.listen({ port: config.port, host: config.host });
    if (stopping) return;
    app.log.info(`Stromwerk is running at ${config.publicUrl}`);
    working = app.startWork?.();
  };
  let starting: Promise<void> | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = signal;
    setTimeout(() => {
      console.error(`${signal}: shutdown did not finish within ${SHUTDOWN_LIMIT_MS / 1000} s, exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    if (app) app.log.info(`${signal}: shutting down`);
    else console.log(`${signal}: shutting down`);
    // A step of the start that is under way finishes first; what is starting is noted on the app's
    // lifecycle once started: let it finish too, then stop it all.
    await starting?.catch(() => {});
    await working?.catch(() => {});
    await app?.close();
    // Media processes run in their own process groups: make sure none outlives the server.
    await killAll();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  starting = start();
  await starting;
  await working;
}

main().catch((e) => {
  // A configured service that cannot be used (an S3 bucket that is not there) is one clear line too.
  console.error(e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
