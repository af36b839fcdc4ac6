import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@stromwerk/client/create-client';
import { buildApp, type StromwerkApp } from '../../apps/server/src/app';
import { bootstrapFirstRun } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/plugins/config';
import { openDatabase } from '../../apps/server/src/plugins/db';
import { freePort } from '../../scripts/lib/test-support.mjs';

/** A `fetch` that hands each request to Fastify's inject(), for the client to call the app in process. */
function injectFetch(app: StromwerkApp): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    const res = await app.inject({
      method: (init?.method ?? 'GET') as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(new Headers(init?.headers).entries()),
      payload: typeof init?.body === 'string' ? init.body : undefined,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

/**
 * The whole server in this process (in-memory PGlite, fresh DATA_DIR, live plane on a free RTMP port),
 * signed in as the first-run owner: `api` is the typed client, calling it through inject().
 */
export async function inProcessApp(env: Record<string, string> = {}) {
  const rtmpPort = await freePort();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sw-bench-')),
    LOG_LEVEL: 'error',
    RTMP_PORT: String(rtmpPort),
    SRT_PORT: String(await freePort()),
    ADMIN_EMAIL: 'bench@example.test',
    ADMIN_PASSWORD: 'bench-password-1',
    // The relay bench's receivers listen on 127.0.0.1.
    TARGET_ALLOW_PRIVATE: 'true',
    ...env,
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  // BENCH_LOG=<file>: the server's log (BENCH_LOG_LEVEL, warn unless set), to find why a step failed.
  const logFile = process.env.BENCH_LOG;
  const logger = logFile ? { level: process.env.BENCH_LOG_LEVEL ?? 'warn', file: logFile } : false;
  const app = await buildApp({ config, database, logger });
  await bootstrapFirstRun(database.db, config, app.services, app.log);
  // The typed client over inject(): methods and paths come from the route tables, no socket in between.
  const anonymous = createClient({ baseUrl: 'http://bench.invalid', fetch: injectFetch(app) });
  const { token } = await anonymous.users.login({
    body: { email: 'bench@example.test', password: 'bench-password-1' },
  });
  const api = createClient({
    baseUrl: 'http://bench.invalid',
    fetch: injectFetch(app),
    auth: () => ({ bearer: token }),
  });
  const workspaceId = (await api.workspaces.list()).items[0]!.id;
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, api, rtmpPort, workspaceId, close, database };
}
