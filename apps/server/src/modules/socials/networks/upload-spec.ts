import type { PostVisibility } from '@stromwerk/contracts/social-posts';

/** What a post sends with the media (templates already filled in). */
export interface PostFields {
  title: string;
  description: string;
  tags: string[];
  categoryId: string | null;
  visibility: PostVisibility;
  /** Drive: a folder id; Facebook: the page id. */
  folder: string | null;
  fileName: string;
  mimeType: string;
}

/** A JSON call against the network's configured API address with the connection's token. */
export type ApiCall = (
  method: 'GET' | 'POST',
  path: string,
  options?: { query?: Record<string, string>; json?: unknown },
) => Promise<unknown>;

/** Where and how a post was published, read from the network's answer. */
export interface Published {
  externalId: string;
  url: string;
  /** The visibility the network applied (YouTube keeps unverified projects' uploads private). */
  visibility?: string;
}

/**
 * Video upload through Google's resumable protocol (YouTube videos.insert, Drive files.create): a session
 * is started at `path` below the API address with the metadata as JSON, then the bytes are PUT to the
 * session address the network answers (same origin only), resumed after a cut (design notes 4.1).
 */
export interface ResumableUploadSpec {
  protocol: 'google-resumable';
  path: string;
  query: Record<string, string>;
  metadata(post: PostFields): unknown;
  published(answer: unknown): Published;
}

/** Folders of a connection (Drive): listed below a parent, created by name. */
export interface FolderSpec {
  list(call: ApiCall, parentId: string | undefined): Promise<{ id: string; name: string }[]>;
  create(call: ApiCall, name: string, parentId: string | undefined): Promise<{ id: string; name: string }>;
}

/**
 * X's chunked media upload (`POST /2/media/upload` INIT, APPEND segments of at most 5 MB, FINALIZE, STATUS
 * while processing) and then a post with the media (`POST /2/tweets`): social-posts/x-upload.ts.
 */
export interface XChunkedUploadSpec {
  protocol: 'x-chunked';
  mediaPath: string;
  postPath: string;
  /** The post's text from the post's fields (X counts at most 280 characters). */
  text(post: PostFields): string;
  /** The post's address from its id. */
  postUrl(id: string): string;
}

/**
 * Facebook's Resumable Upload API (`POST /{app-id}/uploads` -> `upload:<id>`, `POST /upload:<id>` with
 * `file_offset`, resumed after `GET /upload:<id>`) and then `POST /{page-id}/videos` with the handle and
 * the page's own token from `GET /me/accounts`: social-posts/facebook-upload.ts.
 */
export interface FacebookVideoUploadSpec {
  protocol: 'facebook-resumable';
  /** The video's address from the page and the video id. */
  videoUrl(pageId: string, videoId: string): string;
}

export type UploadSpec = ResumableUploadSpec | XChunkedUploadSpec | FacebookVideoUploadSpec;
