import type { PostVisibility } from '@stromwerk/contracts/social-posts';

/** What a post sends with the media (templates already filled in). */
export interface PostFields {
  title: string;
  description: string;
  tags: string[];
  categoryId: string | null;
  visibility: PostVisibility;
  /** Drive: a folder id. */
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
