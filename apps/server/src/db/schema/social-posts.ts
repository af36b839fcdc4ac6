import { bigint, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns';
import { users } from './identity';
import { jobs } from './jobs';
import { medias } from './media';
import { socials } from './socials';
import { corporations, workspaces } from './tenancy';

/**
 * One media posted to one social connection (issue 20): what was asked (title, visibility, folder), how far
 * the upload got, and where it was published. `uploadSession` is the network's resumable session address
 * (YouTube, Drive): a retried job resumes there. It is a capability of the poster's account, so it is never
 * part of an answer.
 */
export const socialPosts = pgTable(
  'social_posts',
  {
    id: id(),
    corporationId: uuid('corporation_id')
      .notNull()
      .references(() => corporations.id, { onDelete: 'cascade' }),
    workspaceId: uuid('workspace_id')
      .notNull()
      .references(() => workspaces.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    mediaId: uuid('media_id').references(() => medias.id, { onDelete: 'set null' }),
    socialId: uuid('social_id').references(() => socials.id, { onDelete: 'set null' }),
    jobId: uuid('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    network: text('network').notNull(),
    title: text('title').notNull().default(''),
    description: text('description').notNull().default(''),
    tags: jsonb('tags').$type<string[]>().notNull().default([]),
    categoryId: text('category_id'),
    visibility: text('visibility').notNull().default('private'),
    folder: text('folder'),
    status: text('status').notNull().default('queued'),
    uploadSession: text('upload_session'),
    uploadedBytes: bigint('uploaded_bytes', { mode: 'number' }).notNull().default(0),
    totalBytes: bigint('total_bytes', { mode: 'number' }).notNull().default(0),
    url: text('url'),
    externalId: text('external_id'),
    error: text('error'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('social_posts_workspace_idx').on(t.workspaceId, t.createdAt),
    index('social_posts_job_idx').on(t.jobId),
  ],
);
