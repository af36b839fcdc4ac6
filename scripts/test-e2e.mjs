// Playwright flows on the whole product (ARCHITECTURE section 8): builds the web app, starts the real
// server on free ports with a fresh DATA_DIR and SMTP_URL pointing at the SMTP server that the
// Playwright global setup starts (e2e/global-setup.ts), runs Playwright, and always stops the server.
// Extra arguments go to `playwright test`, e.g. `npm run test:e2e -- e2e/layout.spec.ts`.
// E2E_SKIP_BUILD=1 reuses apps/web/dist as it is.
import { spawn } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt, webBuild } from './lib/builds.mjs';
import { startSocialStandIns } from './lib/social-stand-ins.mjs';
import { freePort } from './lib/test-support.mjs';

const started = Date.now();
const root = new URL('..', import.meta.url).pathname;
const admin = { email: 'owner@e2e.stromwerk.test', password: 'e2e-owner-password' };

// Builds only when apps/web/dist is missing or older than its sources (the security suite may have
// built it already in the same `npm test`).
if (process.env.E2E_SKIP_BUILD !== '1') ensureBuilt(webBuild);

const ports = { api: await freePort(), smtp: await freePort() };
const media = { rtmp: await freePort(), srt: await freePort() };
const tempDirs = [];
// YouTube's OAuth app points at local stand-ins, so the Socials flow connects (and posts) without the
// internet; posting to FTP goes to a local ftp-srv.
const socials = await startSocialStandIns();

/** One server process in its own process group (npx, tsx and node go down together). */
function startServer(publicUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'stromwerk-e2e-'));
  tempDirs.push(dataDir);
  const child = spawn('npx', ['tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      ...socials.env,
      PORT: String(ports.api),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: admin.email,
      ADMIN_PASSWORD: admin.password,
      SMTP_URL: `smtp://127.0.0.1:${ports.smtp}`,
      RTMP_PORT: String(media.rtmp),
      SRT_PORT: String(media.srt),
      // e2e targets push to receivers on this machine.
      TARGET_ALLOW_PRIVATE: 'true',
      // The usage screen's flow reads metered usage a moment after it happened.
      USAGE_FLUSH_SECONDS: '2',
      LOG_LEVEL: process.env.E2E_SERVER_LOG_LEVEL ?? 'warn',
    },
  });
  const server = { child, log: '', stopped: false };
  // E2E_SERVER_LOG=<file> keeps the whole server log (with E2E_SERVER_LOG_LEVEL=info: every program switch).
  const keep = (chunk) => {
    server.log = (server.log + chunk).slice(-20_000);
    if (process.env.E2E_SERVER_LOG) appendFileSync(process.env.E2E_SERVER_LOG, chunk);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  return server;
}

function stop(server) {
  if (!server || server.stopped) return;
  server.stopped = true;
  const kill = (signal) => {
    try {
      process.kill(-server.child.pid, signal);
    } catch {
      // already gone
    }
  };
  kill('SIGTERM');
  setTimeout(() => kill('SIGKILL'), 5000).unref();
}

const exited = (server) =>
  new Promise((resolve) => (server.child.exitCode !== null ? resolve() : server.child.once('exit', resolve)));

async function waitForHealth(server, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) return false;
    try {
      if ((await fetch(`http://127.0.0.1:${ports.api}/v1/health`)).ok) return true;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  throw new Error(`server did not become healthy within ${timeoutMs} ms\n${server.log}`);
}

async function servesWebApp(baseUrl) {
  const response = await fetch(`${baseUrl}/login`).catch(() => undefined);
  return Boolean(response?.ok && response.headers.get('content-type')?.includes('text/html'));
}

let server;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    stop(server);
    process.exit(130);
  });
}

let status = 1;
try {
  const baseUrl = `http://127.0.0.1:${ports.api}`;
  server = startServer(baseUrl);
  if (!(await waitForHealth(server, 90_000))) throw new Error(`server exited\n${server.log}`);
  if (!(await servesWebApp(baseUrl)))
    throw new Error('the server does not serve the built web app at /login');

  const env = {
    ...process.env,
    E2E_BASE_URL: baseUrl,
    E2E_SMTP_PORT: String(ports.smtp),
    E2E_MAIL_DIR: join(tempDirs.at(-1), 'mail'),
    E2E_ADMIN_EMAIL: admin.email,
    E2E_ADMIN_PASSWORD: admin.password,
    E2E_RTMP_PORT: String(media.rtmp),
    ...socials.specEnv,
  };
  const playwright = (args, extraEnv = {}) => {
    const run = spawn('npx', ['playwright', 'test', '-c', 'playwright.config.ts', ...args], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, ...extraEnv },
    });
    return new Promise((resolve) => run.once('exit', (code) => resolve(code ?? 1)));
  };
  const args = process.argv.slice(2);
  if (args.length > 0) status = await playwright(args);
  else {
    // Flows tagged @alone measure what a viewer sees in real time (the failover freeze): they run after
    // the others, one at a time, so the suite's other browsers and encoders do not starve the machine
    // the viewer's browser shares with the server (a full run froze them 1.4-2.7 s; alone 0 ms).
    const rest = await playwright(['--grep-invert', '@alone']);
    // Its own output folder: Playwright empties the folder it writes to when it starts, and the first
    // pass's failure screenshots and page snapshots (error-context.md) were lost with it.
    const alone = await playwright(['--grep', '@alone', '--workers', '1', '--output', 'test-results/alone'], {
      E2E_REPORT_SUFFIX: '-alone',
    });
    status = rest !== 0 ? rest : alone;
  }
  if (status !== 0) console.log(`--- server log (tail) ---\n${server.log.slice(-4000)}`);
} catch (error) {
  console.error(error);
} finally {
  stop(server);
  if (server) await exited(server);
  await socials.stop();
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
  console.log(`e2e finished in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
process.exit(status);
