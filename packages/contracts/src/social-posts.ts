import { z } from 'zod';
import { dateTimeSchema, line, nameSchema, text } from './common';
import { jobSchema } from './jobs';
import { socialNetworks } from './social-values';

/** Who may watch a posted video (YouTube's privacyStatus values; the spec's visibility). */
export const postVisibilities = ['public', 'private', 'unlisted'] as const;
export type PostVisibility = (typeof postVisibilities)[number];
export const socialPostStatuses = ['queued', 'uploading', 'published', 'failed'] as const;
/** Networks a media can be posted to: Facebook (to a page) and X (a post with the video) included. */
export const postNetworks = ['youtube', 'google-drive', 'ftp', 'facebook', 'twitter'] as const;

/** Placeholders a title or description may hold; replaced when the post's job starts. */
export const POST_TEMPLATE_FIELDS = ['{date}', '{time}', '{media}'] as const;

const folderPathSchema = line()
  .trim()
  .max(1024)
  .refine((v) => !v.split('/').includes('..'), 'must not contain ..');

/**
 * One destination of a post: a connection of the caller and what to send with the media. YouTube uses
 * title, description, tags, category and visibility; Drive the folder id; FTP the folder (a path below
 * the connection's base folder); Facebook the page id (`pageId`, kept in the post's `folder`); X posts the
 * description as its text (the title when there is none). Unused fields are ignored by the other networks.
 */
export const postDestinationSchema = z.strictObject({
  socialId: z.uuid(),
  title: line()
    .trim()
    .max(100)
    .refine((v) => !/[<>]/.test(v), 'must not contain < or >')
    .optional(),
  description: text().max(5000).optional(),
  tags: z.array(line().trim().min(1).max(100)).max(30).optional(),
  categoryId: line()
    .trim()
    .regex(/^[0-9]{1,4}$/, 'must be a category number')
    .optional(),
  visibility: z.enum(postVisibilities).default('private'),
  folder: folderPathSchema.optional(),
  /** Facebook: the page to post to (one of the connection's pages, checked when the job runs). */
  pageId: line()
    .trim()
    .regex(/^[0-9]{1,32}$/, 'must be a Facebook page id')
    .optional(),
});
export type PostDestination = z.infer<typeof postDestinationSchema>;

export const postSocialBodySchema = z.strictObject({
  mediaId: z.uuid(),
  destinations: z
    .array(postDestinationSchema)
    .min(1)
    .max(10)
    .refine((d) => new Set(d.map((x) => x.socialId)).size === d.length, 'each connection at most once'),
});
export type PostSocialBody = z.infer<typeof postSocialBodySchema>;

/** One media posted to one destination; its job does the upload (`jobId`), the address is in `url`. */
export const socialPostSchema = z
  .object({
    id: z.uuid(),
    workspaceId: z.uuid(),
    mediaId: z.uuid().nullable(),
    socialId: z.uuid().nullable(),
    network: z.enum(socialNetworks),
    jobId: z.uuid().nullable(),
    title: z.string(),
    description: z.string(),
    tags: z.array(z.string()),
    categoryId: z.string().nullable(),
    visibility: z.enum(postVisibilities),
    folder: z.string().nullable(),
    status: z.enum(socialPostStatuses),
    /** Bytes the network has confirmed so far (a resumed upload starts from here). */
    uploadedBytes: z.number().int(),
    totalBytes: z.number().int(),
    /** The published address (a video page, a Drive file, an ftp:// address). */
    url: z.string().nullable(),
    externalId: z.string().nullable(),
    error: z.string().nullable(),
    publishedAt: dateTimeSchema.nullable(),
    createdAt: dateTimeSchema,
    updatedAt: dateTimeSchema,
  })
  .meta({ id: 'SocialPost' });
export type SocialPost = z.infer<typeof socialPostSchema>;

export const postSocialAnswerSchema = z
  .object({ posts: z.array(socialPostSchema), jobs: z.array(jobSchema) })
  .meta({ id: 'PostSocialAnswer' });

/** A Drive folder (its id) or an FTP folder (its path below the connection's base folder). */
export const socialFolderSchema = z.object({ id: z.string(), name: z.string() });
export type SocialFolder = z.infer<typeof socialFolderSchema>;
export const socialFoldersSchema = z
  .object({ items: z.array(socialFolderSchema) })
  .meta({ id: 'SocialFolders' });
export const folderQuerySchema = z.object({ parentId: folderPathSchema.optional() });
export const createFolderBodySchema = z.strictObject({
  name: nameSchema.refine((v) => !/[/\\]/.test(v) && v !== '.' && v !== '..', 'must be one folder name'),
  parentId: folderPathSchema.optional(),
});
export type CreateFolderBody = z.infer<typeof createFolderBodySchema>;
