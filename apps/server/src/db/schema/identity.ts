import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';

export const users = pgTable('users', {
  id: id(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  isAdmin: boolean('is_admin').notNull().default(false),
  blocked: boolean('blocked').notNull().default(false),
  language: text('language'),
  avatarMediaId: uuid('avatar_media_id'),
  /** Bumped on password change or block: every token issued before stops working. */
  tokenVersion: integer('token_version').notNull().default(0),
  flags: text('flags').array().notNull().default([]),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    prefix: text('prefix').notNull(),
    keyHash: text('key_hash').notNull().unique(),
    invalidated: boolean('invalidated').notNull().default(false),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** After this the key is refused; null: it never expires. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** What the key may reach; null: everything its user may. */
    scope: jsonb('scope').$type<{
      corporationId: string;
      workspaceId: string | null;
      permission: 'read' | 'write';
    }>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('api_keys_user_idx').on(t.userId)],
);

/**
 * Server-side login sessions: the bearer token is `<id>.<secret>`, only the secret's SHA-256 is kept. A session
 * ends when revoked (logout, password change/reset, block) or when idle or absolute expiry passes.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: text('secret_hash').notNull(),
    /** The user's tokenVersion when issued: bumping it ends every older session too. */
    tokenVersion: integer('token_version').notNull(),
    userAgent: text('user_agent'),
    clientAddress: text('client_address'),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    /** Sliding: pushed forward on use, never past absoluteExpiry. */
    expiry: timestamp('expiry', { withTimezone: true }).notNull(),
    absoluteExpiry: timestamp('absolute_expiry', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

export const emailVerifications = pgTable('email_verifications', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email').notNull(),
  tokenHash: text('token_hash').notNull().unique(),
  expiry: timestamp('expiry', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const passwordResets = pgTable('password_resets', {
  id: id(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiry: timestamp('expiry', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
});

export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
