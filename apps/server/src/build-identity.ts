import type { EventBus } from './lib/events';
import type { AccessService } from './modules/access/access.service';
import { IdentityCache, type IdentityChange } from './modules/access/identity-cache';
import type { MembershipsRepository } from './modules/access/memberships.repository';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { AuthService } from './modules/auth/auth.service';
import { CorporationsRepository } from './modules/corporations/corporations.repository';
import { CorporationsService } from './modules/corporations/corporations.service';
import { InvitationsRepository } from './modules/invitations/invitations.repository';
import { InvitationsService } from './modules/invitations/invitations.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { SessionsService } from './modules/sessions/sessions.service';
import type { UsageService } from './modules/usage/usage.service';
import type { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { VerificationRepository } from './modules/users/verification.repository';
import { VerificationService } from './modules/users/verification.service';
import { WorkspacesRepository } from './modules/workspaces/workspaces.repository';
import { WorkspacesService } from './modules/workspaces/workspaces.service';
import type { BrokerDisconnects } from './plugins/broker-link';
import type { Config } from './plugins/config';
import type { Database } from './plugins/db';
import type { Mailer } from './plugins/mailer';
import type { Services } from './services';

/** What the identity part of the composition root (build-services.ts) is built from. */
export interface IdentityParts {
  config: Config;
  database: Database;
  mailer: Mailer;
  events: EventBus;
  access: AccessService;
  memberships: MembershipsRepository;
  usersRepo: UsersRepository;
  usage: UsageService;
  /** The broker's connections: an ended session or a blocked corporation drops them. */
  broker: BrokerDisconnects;
}

/** Who calls: sessions, users, API keys, corporations, workspaces and invitations, in dependency order. */
export function buildIdentity(p: IdentityParts) {
  const { config, database, mailer, events, access, memberships, usersRepo } = p;
  const { db } = database;
  const identity = identityCacheFor(database);
  const sessions = new SessionsService(new SessionsRepository(db), identity, p.broker);
  const invitations = new InvitationsService(
    db,
    config,
    new InvitationsRepository(db),
    access,
    memberships,
    mailer,
    events,
    identity,
  );
  const verification = new VerificationService(
    new VerificationRepository(db),
    config,
    usersRepo,
    mailer,
    sessions,
    identity,
  );
  return {
    identity,
    sessions,
    invitations,
    verification,
    auth: new AuthService(db, config, usersRepo, sessions, invitations),
    users: new UsersService(usersRepo, memberships, sessions, verification, identity),
    apiKeys: new ApiKeysService(new ApiKeysRepository(db), usersRepo, identity, access),
    corporations: new CorporationsService(
      db,
      new CorporationsRepository(db),
      access,
      memberships,
      events,
      identity,
      sessions,
    ),
    workspaces: new WorkspacesService(
      p.usage,
      new WorkspacesRepository(db),
      access,
      memberships,
      events,
      identity,
    ),
  } satisfies Partial<Services>;
}

/**
 * The cache of resolved callers. On PostgreSQL other server processes may change the same rows, so the
 * cache listens for their changes (LISTEN/NOTIFY) and serves nothing until it does; PGlite is one process.
 */
function identityCacheFor(database: Database): IdentityCache {
  const { listen } = database;
  if (!listen) return new IdentityCache();
  return new IdentityCache({ channel: (listener) => listen<IdentityChange>('stromwerk_identity', listener) });
}
