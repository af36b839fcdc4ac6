// The real server as a process of its own (benchmarks, crash and start tests): its environment on free
// loopback ports, and the wait until /v1/health answers. One place, so every caller starts it the same
// way. Free ports and process exits come from test-support.mjs.
import { spawn } from 'node:child_process';
import { freePort } from './test-support.mjs';

/** The environment of one server on 127.0.0.1: its port and DATA_DIR, free RTMP/SRT ports, quiet logs. */
export async function serverEnv(port, dataDir, extra = {}) {
  return {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    RTMP_PORT: String(await freePort()),
    SRT_PORT: String(await freePort()),
    LOG_LEVEL: 'warn',
    ...extra,
  };
}

/**
 * Spawns `command` (argv) with `env` and resolves once http://127.0.0.1:$PORT/v1/health answers 200,
 * with the milliseconds that took and the process's output so far. Rejects, killing the process, when it
 * exits first or `timeoutMs` passes. `npm start` listens before its start-up work (live plane, jobs:
 * apps/server/src/start-work.ts); unless `untilStarted` is false this also waits until
 * /v1/health/ready no longer says "still starting", so callers get a process that runs everything.
 */
export async function startServerProcess(
  command,
  { cwd, env, timeoutMs = 60_000, pollMs = 100, detached = false, untilStarted = true },
) {
  const started = performance.now();
  const child = spawn(command[0], command.slice(1), {
    cwd,
    env,
    detached,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk) => {
    log = (log + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const health = `http://127.0.0.1:${env.PORT}/v1/health`;
  while (performance.now() - started < timeoutMs) {
    const ok = await fetch(health).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      const ms = Math.round(performance.now() - started);
      if (!untilStarted || (await startedWork(env.PORT, started + timeoutMs, pollMs)))
        return { child, ms, output: () => log };
      break;
    }
    if (child.exitCode !== null || child.signalCode !== null) break;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  child.kill('SIGKILL');
  throw new Error(`${command.join(' ')} did not become healthy:\n${log}`);
}

/** Polls /v1/health/ready until its reasons no longer say the start-up work is running; false at `until`. */
async function startedWork(port, until, pollMs) {
  while (performance.now() < until) {
    const reasons = await fetch(`http://127.0.0.1:${port}/v1/health/ready`).then(
      async (r) => (await r.json()).reasons ?? [],
      () => ['still starting'],
    );
    if (!reasons.some((reason) => reason.startsWith('still starting'))) return true;
    await new Promise((r) => setTimeout(r, pollMs));
  }
  return false;
}
