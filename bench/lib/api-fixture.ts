import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Logger } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { bootstrapFirstRun } from '../../apps/server/src/bootstrap';
import { users } from '../../apps/server/src/db/schema/identity';
import { sources } from '../../apps/server/src/db/schema/streaming';
import { corporations, memberships, workspaces } from '../../apps/server/src/db/schema/tenancy';
import { hashPassword } from '../../apps/server/src/lib/passwords';
import { loadConfig } from '../../apps/server/src/plugins/config';
import { type Db, openDatabase } from '../../apps/server/src/plugins/db';
import { freePort } from '../../scripts/lib/test-support.mjs';
import { apiPath, benchRoutes } from './api-path';

export const OWNER = { email: 'bench@example.test', password: 'bench-password-1' };
export const LOGIN_PASSWORD = 'login-password-1';

/** `n` sources named so that name order is stable, straight into the table (no quota in the way). */
export async function insertSources(db: Db, corporationId: string, workspaceId: string, n: number) {
  const rows = Array.from({ length: n }, (_, i) => ({
    corporationId,
    workspaceId,
    name: `Source ${String(i).padStart(4, '0')} ${workspaceId.slice(0, 4)}`,
    type: 'rtmp',
    endpoint: 'europe',
    streamKey: `key-${workspaceId}-${i}`,
    meta: { site: `site-${i % 7}` },
  }));
  for (let i = 0; i < rows.length; i += 100) await db.insert(sources).values(rows.slice(i, i + 100));
}

/** A corporation with a workspace of 20 and one of 200 sources, straight in the tables (the bare baselines). */
export async function seedTables(db: Db) {
  const [corp] = await db.insert(corporations).values({ name: 'Bench corp', features: [] }).returning();
  const [ws20] = await db.insert(workspaces).values({ corporationId: corp!.id, name: 'ws-20' }).returning();
  const [ws200] = await db.insert(workspaces).values({ corporationId: corp!.id, name: 'ws-200' }).returning();
  await insertSources(db, corp!.id, ws20!.id, 20);
  await insertSources(db, corp!.id, ws200!.id, 200);
  return { corporationId: corp!.id, ws20: ws20!.id, ws200: ws200!.id };
}

export interface StromwerkFixture {
  ownerToken: string;
  memberToken: string;
  corporationId: string;
  ws20: string;
  ws200: string;
  /** A source in ws-200 (get by id). */
  sourceId: string;
  /** Users that may log in with LOGIN_PASSWORD (login has a per-address-and-email rate limit: rotate). */
  loginEmails: string[];
}

/**
 * The whole server (in-memory PGlite, or PostgreSQL at `databaseUrl`), seeded: owner (platform admin), a
 * workspace of 20 and one of 200 sources in the owner's corporation, a member with read on ws-200 only,
 * and `loginUsers` users for the login row.
 */
export async function seededStromwerk(
  opts: { databaseUrl?: string; logger?: Logger; loginUsers?: number; live?: boolean } = {},
) {
  const config = loadConfig({
    DATA_DIR: mkdtempSync(join(tmpdir(), 'sw-bench-')),
    LOG_LEVEL: 'error',
    RTMP_PORT: String(await freePort()),
    SRT_PORT: String(await freePort()),
    ADMIN_EMAIL: OWNER.email,
    ADMIN_PASSWORD: OWNER.password,
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
  });
  const database = await openDatabase({
    ...(opts.databaseUrl ? { databaseUrl: opts.databaseUrl } : { pgliteDir: 'memory://' }),
    ...(opts.logger ? { logger: opts.logger } : {}),
  });
  const app = await buildApp({ config, database, logger: false, live: opts.live ?? false, jobs: false });
  const boot = await bootstrapFirstRun(database.db, config, app.services, app.log);
  const db = database.db;
  const login = async (email: string, password: string) => {
    const res = await app.inject({
      method: benchRoutes.login.method,
      url: apiPath(benchRoutes.login),
      payload: { email, password },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    return res.json().token as string;
  };
  const ownerToken = await login(OWNER.email, OWNER.password);
  const corporationId = boot!.corporation.id;
  const [ws20] = await db.insert(workspaces).values({ corporationId, name: 'ws-20' }).returning();
  const [ws200] = await db.insert(workspaces).values({ corporationId, name: 'ws-200' }).returning();
  await insertSources(db, corporationId, ws20!.id, 20);
  await insertSources(db, corporationId, ws200!.id, 200);
  const hash = await hashPassword(LOGIN_PASSWORD);
  const [member] = await db
    .insert(users)
    .values({ email: 'member@example.test', name: 'Member', passwordHash: hash, emailVerified: true })
    .returning();
  await db
    .insert(memberships)
    .values({ userId: member!.id, corporationId, workspaceId: ws200!.id, permissions: ['read'] });
  const loginEmails = Array.from({ length: opts.loginUsers ?? 0 }, (_, i) => `login${i}@example.test`);
  for (let i = 0; i < loginEmails.length; i += 100) {
    await db
      .insert(users)
      .values(
        loginEmails
          .slice(i, i + 100)
          .map((email) => ({ email, name: email, passwordHash: hash, emailVerified: true })),
      );
  }
  const memberToken = await login('member@example.test', LOGIN_PASSWORD);
  const [first] = (
    await app.inject({
      method: 'GET',
      url: `${apiPath(benchRoutes.sources)}?workspaceId=${ws200!.id}&limit=1`,
      headers: { authorization: `Bearer ${ownerToken}` },
    })
  ).json().items;
  const fixture: StromwerkFixture = {
    ownerToken,
    memberToken,
    corporationId,
    ws20: ws20!.id,
    ws200: ws200!.id,
    sourceId: first.id,
    loginEmails,
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { app, database, fixture, close };
}
