import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { sessions, users } from './identity';

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
