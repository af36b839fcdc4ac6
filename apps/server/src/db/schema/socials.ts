import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { sessions, users } from './identity';
import { workspaces } from './tenancy';

/** Where an FTP connection points (no password: that is in `secret`). */
export interface FtpSettings {
  host: string;
  port: number;
  user: string;
  protocol: 'ftp' | 'ftps';
  basePath: string;
}

/**
 * A user's social connections (issue 20). `secret` is sealed with SECRETS_KEY (lib/secret-box.ts, base64):
 * OAuth tokens, an FTP password or a stream key; nothing else here is secret.
 */
export const socials = pgTable(
  'socials',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    network: text('network').notNull(),
    authType: text('auth_type').notNull().default('oauth'),
    name: text('name').notNull(),
    externalId: text('external_id'),
    externalName: text('external_name'),
    avatarUrl: text('avatar_url'),
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    status: text('status').notNull().default('connected'),
    lastError: text('last_error'),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    hasRefreshToken: boolean('has_refresh_token').notNull().default(false),
    ftp: jsonb('ftp').$type<FtpSettings>(),
    secret: text('secret'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('socials_user_idx').on(t.userId),
    // Connecting the same account again (Reconnect) replaces its tokens instead of adding a second card.
    uniqueIndex('socials_account_uq').on(t.userId, t.network, t.externalId),
  ],
);

/**
 * OAuth flows under way: single use (deleted when the provider answers), ten minutes at most, and bound
 * to the browser that started them by the SHA-256 of a cookie only that browser holds. The PKCE verifier
 * is sealed like every other secret.
 */
export const socialConnectStates = pgTable('social_connect_states', {
  stateHash: text('state_hash').primaryKey(),
  bindingHash: text('binding_hash').notNull(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  network: text('network').notNull(),
  verifier: text('verifier').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

/**
 * A connection shared with a workspace (issue 20): its members may bind live targets (`live`) or post
 * (`post`) through it; the token stays sealed in `socials` and is opened only by the server.
 */
export const socialShares = pgTable(
  'social_shares',
  {
    socialId: uuid('social_id')
      .notNull()
      .references(() => socials.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    live: boolean('live').notNull().default(false),
    post: boolean('post').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.socialId, t.workspaceId] }),
    index('social_shares_workspace_idx').on(t.workspaceId),
  ],
);

/**
 * Install-wide OAuth apps set on the admin page: the client secret sealed like every other secret
 * (context `oauth-app:<network>`). SOCIAL_<NETWORK>_CLIENT_ID/_SECRET in the environment win.
 */
export const socialOauthApps = pgTable('social_oauth_apps', {
  network: text('network').primaryKey(),
  clientId: text('client_id').notNull(),
  secret: text('secret'),
  updatedAt: updatedAt(),
});
