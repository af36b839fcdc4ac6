import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Session } from '@stromwerk/contracts/users';
import { MediaRuntime } from '@stromwerk/media/media-runtime';
import { type AppOptions, buildApp, type StromwerkApp } from '../../src/app';
import { bootstrapFirstRun } from '../../src/bootstrap';
import { users } from '../../src/db/schema/identity';
import { hashPassword } from '../../src/lib/passwords';
import { loadConfig } from '../../src/plugins/config';
import { probeOnce } from './probe-once';
import { op } from './route-call';
import { openTestDatabase } from './test-database';

export const OWNER = { email: 'owner@example.test', password: 'owner-password-1' };

export interface TestContext {
  app: StromwerkApp;
  dataDir: string;
  /** The database URL on PostgreSQL (a second app can open the same database), undefined on PGlite. */
  databaseUrl?: string;
  /** The bootstrapped owner: platform admin, admin of the first corporation. */
  owner: Session & { corporationId: string; workspaceId: string };
  close(): Promise<void>;
}

/** The real server (real database, real services) driven through inject(); nothing of ours is mocked. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, 'live' | 'jobs' | 'sharedLimits' | 'media'> & { logger?: object } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sw-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    PUBLIC_URL: 'http://stromwerk.test',
    ...env,
  });
  const database = await openTestDatabase();
  // TEST_LOG=1 shows server errors while debugging a test; TEST_LOG=info (or debug) shows every request.
  const app = await buildApp({
    config,
    database,
    logger:
      options.logger ??
      (process.env.TEST_LOG
        ? { level: process.env.TEST_LOG === '1' ? 'error' : process.env.TEST_LOG }
        : false),
    live: options.live ?? false,
    jobs: options.jobs ?? true,
    sharedLimits: options.sharedLimits,
    // The real runtime and probes, each probe's answer reused by the process's later apps (probe-once.ts).
    media:
      options.media ??
      new MediaRuntime({
        ffmpegPath: config.ffmpegPath,
        ffprobePath: config.ffprobePath,
        timeoutMs: config.mediaProbeTimeoutMs,
        run: probeOnce,
      }),
    undeclaredErrors: 'fail',
  }).catch(async (e) => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw e;
  });
  const boot = await bootstrapFirstRun(database.db, config, app.services, app.log);
  await app.ready();
  const session = await login(app, OWNER.email, OWNER.password);
  const workspaces = await op(app, 'workspaces.list', { token: session.token });
  return {
    app,
    dataDir,
    databaseUrl: database.url,
    owner: { ...session, corporationId: boot!.corporation.id, workspaceId: workspaces.body.items[0]!.id },
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface CallOptions {
  token?: string;
  apiKey?: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
}

export async function call<T = unknown>(
  app: StromwerkApp,
  method: string,
  url: string,
  opts: CallOptions = {},
) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  if (opts.apiKey) headers.authorization = `Token ${opts.apiKey}`;
  const query = Object.fromEntries(
    Object.entries(opts.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const res = await app.inject({
    method: method as 'GET',
    url,
    query,
    headers,
    ...(opts.body !== undefined ? { payload: opts.body as object } : {}),
  });
  const body = res.body ? (JSON.parse(res.body) as T) : (undefined as T);
  return { status: res.statusCode, body, headers: res.headers };
}

export async function login(app: StromwerkApp, email: string, password: string): Promise<Session> {
  const res = await op(app, 'users.login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

let counter = 0;
/** A user straight in the database (no membership), logged in through the API. */
export async function createUser(
  ctx: TestContext,
  opts: { email?: string; name?: string; isAdmin?: boolean; emailVerified?: boolean } = {},
) {
  counter += 1;
  const email = opts.email ?? `user${counter}-${Date.now()}@example.test`;
  const password = `password-${counter}-xyz`;
  await ctx.app.services.database.db.insert(users).values({
    email,
    name: opts.name ?? `User ${counter}`,
    passwordHash: await hashPassword(password),
    isAdmin: opts.isAdmin ?? false,
    emailVerified: opts.emailVerified ?? false,
  });
  const session = await login(ctx.app, email, password);
  return { ...session, password };
}

/** A second tenant: a corporation with one workspace, owned by a new user. */
export async function createTenant(ctx: TestContext, name = 'Other Corp') {
  const user = await createUser(ctx);
  const corp = await op(ctx.app, 'corporations.create', { token: user.token, body: { name } });
  const ws = await op(ctx.app, 'workspaces.create', {
    token: user.token,
    body: { corporationId: corp.body.id, name: `${name} WS` },
  });
  return { user, corporationId: corp.body.id, workspaceId: ws.body.id };
}
