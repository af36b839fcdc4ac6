import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../apps/server/src/app';
import { bootstrapFirstRun } from '../../apps/server/src/bootstrap';
import { loadConfig } from '../../apps/server/src/plugins/config';
import { openDatabase } from '../../apps/server/src/plugins/db';

export const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * The whole server in this process (in-memory PGlite, fresh DATA_DIR, live plane on a free RTMP port),
 * signed in as the first-run owner: `api` calls it through inject().
 */
export async function inProcessApp() {
  const rtmpPort = await freePort();
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sw-bench-')),
    LOG_LEVEL: 'error',
    RTMP_PORT: String(rtmpPort),
    SRT_PORT: String(await freePort()),
    ADMIN_EMAIL: 'bench@example.test',
    ADMIN_PASSWORD: 'bench-password-1',
  });
  const database = await openDatabase({ pgliteDir: 'memory://' });
  const app = await buildApp({ config, database, logger: false });
  await bootstrapFirstRun(database.db, config, app.services, app.log);
  const login = await app.inject({
    method: 'POST',
    url: '/v1/login',
    payload: { email: 'bench@example.test', password: 'bench-password-1' },
  });
  const token = login.json().token as string;
  // biome-ignore lint/suspicious/noExplicitAny: benchmark glue reads a few fields of untyped JSON
  const api = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object): Promise<any> =>
    (await app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, payload })).json();
  const workspaceId = (await api('GET', '/v1/workspaces')).items[0].id as string;
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, api, rtmpPort, workspaceId, close };
}
