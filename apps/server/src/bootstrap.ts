import { randomBytes } from 'node:crypto';
import { features } from '@stromwerk/contracts/permissions';
import type { FastifyBaseLogger } from 'fastify';
import { withTransaction } from './db/transaction';
import { hashPassword } from './lib/passwords';
import { CorporationsRepository } from './modules/corporations/corporations.repository';
import { UsersRepository } from './modules/users/users.repository';
import { WorkspacesRepository } from './modules/workspaces/workspaces.repository';
import type { Config } from './plugins/config';
import type { Db } from './plugins/db';
import type { Services } from './services';

/**
 * First start: with no user at all, create the owner (a platform admin), a corporation and a workspace. The
 * owner's password comes from ADMIN_PASSWORD or is generated and printed once.
 */
export async function bootstrapFirstRun(db: Db, config: Config, services: Services, log: FastifyBaseLogger) {
  const users = new UsersRepository(db);
  if ((await users.count()) > 0) return null;
  const email = config.adminEmail ?? 'admin@stromwerk.local';
  const password = config.adminPassword ?? randomBytes(12).toString('base64url');
  const passwordHash = await hashPassword(password);
  const created = await withTransaction(db, async (tx) => {
    await users.lockFirstRun(tx);
    if ((await users.count(tx)) > 0) return null;
    const owner = await users.create(
      { email, name: 'Owner', passwordHash, isAdmin: true, emailVerified: true },
      tx,
    );
    const corporation = await new CorporationsRepository(db).create('My Corporation', [...features], tx);
    await services.memberships.set(owner.id, corporation.id, null, ['admin'], tx);
    await new WorkspacesRepository(db).create({ corporationId: corporation.id, name: 'My Workspace' }, tx);
    return { owner, corporation };
  });
  if (!created) return null;
  if (!config.adminPassword) {
    // Printed on stdout (not only the log) so it is seen once on the console of a first start.
    console.log(
      `\n  Stromwerk first start: owner account created\n    email:    ${email}\n    password: ${password}\n  Change it under User settings after logging in.\n`,
    );
  } else {
    log.info({ email }, 'owner account created from ADMIN_EMAIL/ADMIN_PASSWORD');
  }
  return created;
}
