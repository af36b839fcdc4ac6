import type { Readable } from 'node:stream';
import { OAuth2RequestError } from 'arctic';
import type { JobContext, JobResult } from '../jobs/job-worker';
import type { MediaJobDeps } from '../jobs/media-job-handlers';
import { FtpOpenError } from '../socials/ftp-check';
import { networks } from '../socials/networks/registry';
import type { PostFields } from '../socials/networks/upload-spec';
import { PlatformHttpError } from '../socials/platform-api';
import { connectionAccess } from './connection-access';
import { facebookUpload } from './facebook-upload';
import { ftpUpload } from './ftp-upload';
import { apiCaller } from './platform-call';
import { extensionOf, fileNameOf } from './post-template';
import { resumableUpload } from './resumable-upload';
import type { SocialPostRow } from './social-posts.repository';
import { xUpload } from './x-upload';

/** How often the confirmed byte count is written to the post while uploading. */
const SAVE_EVERY_MS = 2000;

/**
 * A `social-post` job: uploads the post's media to its connection. Progress is the bytes the network has
 * confirmed; the session address (YouTube, Drive) is saved on the post, so a retried job resumes where the
 * network left it. The published address ends up on the post and on the job (`resultUrl`).
 */
export async function socialPostJob(
  deps: MediaJobDeps,
  { job, signal, progress }: JobContext,
): Promise<JobResult> {
  const posts = deps.socialPosts;
  const postId = (job.payload as { postId?: string }).postId;
  const post = postId ? await posts.repo.byId(postId) : undefined;
  if (!post) throw new Error('The post no longer exists');
  try {
    const url = await upload(deps, post, signal, progress);
    await posts.repo.update(post.id, {
      status: 'published',
      url,
      uploadSession: null,
      uploadedBytes: post.totalBytes,
      error: null,
      publishedAt: new Date(),
    });
    return { resultUrl: url };
  } catch (e) {
    const reason = signal.aborted ? 'Cancelled' : failureOf(e);
    await posts.repo.update(post.id, { status: 'failed', error: reason });
    throw new Error(reason);
  }
}

async function upload(
  deps: MediaJobDeps,
  post: SocialPostRow,
  signal: AbortSignal,
  progress: JobContext['progress'],
): Promise<string> {
  const posts = deps.socialPosts;
  const media = post.mediaId ? await deps.medias.repo.byId(post.mediaId) : undefined;
  const file = media?.files.find((f) => f.kind === 'original');
  if (!file) throw new Error('The media or its file no longer exists');
  const social = post.socialId ? await posts.socials.repo.byId(post.socialId) : undefined;
  if (!social) throw new Error('The connection was deleted');
  const access = connectionAccess(posts.socials, posts.flow, posts.config, social);
  const size = file.size;
  let saved = 0;
  const confirmed = (bytes: number) => {
    progress(bytes / size);
    if (Date.now() - saved < SAVE_EVERY_MS) return;
    saved = Date.now();
    void posts.repo.update(post.id, { uploadedBytes: bytes }).catch(() => {});
  };
  await posts.repo.update(post.id, { status: 'uploading', error: null });
  const extension = extensionOf(
    file.bucketRef,
    (media?.probe as { formatName?: unknown } | null)?.formatName,
  );
  if (access.kind === 'ftp')
    return ftpUpload({
      creds: access.creds,
      allowPrivate: posts.config.targetAllowPrivate,
      folder: post.folder,
      // The post's own name: what a resumed upload finds there is its own.
      fileName: fileNameOf(`${post.title}-${post.id.slice(0, 8)}`, extension),
      size,
      open: (start): Readable => deps.storage.read(file.bucketRef, { start, end: size - 1 }),
      progress: confirmed,
      signal,
    });
  const spec = networks[social.network as keyof typeof networks]?.upload;
  if (!spec) throw new Error(`Posting to ${social.network} is not available`);
  const fields: PostFields = {
    title: post.title,
    description: post.description,
    tags: post.tags,
    categoryId: post.categoryId,
    visibility: post.visibility as PostFields['visibility'],
    folder: post.folder,
    fileName: fileNameOf(post.title, extension),
    mimeType: file.mimeType || 'application/octet-stream',
  };
  if (spec.protocol === 'x-chunked') {
    const id = await xUpload({
      apiUrl: access.app.apiUrl,
      mediaPath: spec.mediaPath,
      postPath: spec.postPath,
      headers: access.app.apiHeaders,
      token: () => access.token(),
      size,
      mimeType: fields.mimeType,
      text: spec.text(fields),
      read: (start, end) => readAll(deps.storage.read(file.bucketRef, { start, end })),
      progress: confirmed,
      signal,
    });
    await posts.repo.update(post.id, { externalId: id });
    return spec.postUrl(id);
  }
  if (spec.protocol === 'facebook-resumable') {
    const pageId = post.folder;
    if (!pageId) throw new Error('pageId: choose the Facebook page to post to');
    const id = await facebookUpload({
      apiUrl: access.app.apiUrl,
      appId: access.app.clientId,
      pageId,
      userCall: apiCaller(access.app, await access.token()),
      callAs: (token) => apiCaller(access.app, token),
      userToken: () => access.token(),
      fileName: fields.fileName,
      size,
      mimeType: fields.mimeType,
      title: fields.title,
      description: fields.description,
      published: fields.visibility === 'public',
      open: (start) => deps.storage.read(file.bucketRef, { start, end: size - 1 }),
      progress: confirmed,
      signal,
    });
    await posts.repo.update(post.id, { externalId: id });
    return spec.videoUrl(pageId, id);
  }
  const answer = await resumableUpload({
    apiUrl: access.app.apiUrl,
    startPath: spec.path,
    startQuery: spec.query,
    headers: access.app.apiHeaders,
    token: () => access.token(),
    metadata: spec.metadata(fields),
    size,
    mimeType: fields.mimeType,
    read: (start, end) => readAll(deps.storage.read(file.bucketRef, { start, end })),
    session: post.uploadSession,
    saveSession: async (session) => {
      await posts.repo.update(post.id, { uploadSession: session });
    },
    progress: confirmed,
    signal,
  });
  const published = spec.published(answer);
  await posts.repo.update(post.id, { externalId: published.externalId });
  if (published.visibility && published.visibility !== post.visibility)
    await posts.repo.update(post.id, {
      error: `The network made the video ${published.visibility} (asked: ${post.visibility}); unverified YouTube API projects can only post private videos`,
    });
  return published.url;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** The job's error: what failed and what to do, never a token. */
function failureOf(e: unknown): string {
  if (e instanceof OAuth2RequestError)
    return 'The network refused to renew the access: reconnect the connection';
  if (e instanceof PlatformHttpError) {
    if (e.status === 401) return 'The network no longer accepts this connection: reconnect it';
    if (e.status === 403)
      return `The network refused the upload (403: a missing permission or no quota left): ${e.body.slice(0, 200)}`;
    return `The network refused the upload (${e.status}): ${e.body.slice(0, 200)}`;
  }
  if (e instanceof FtpOpenError) return e.message;
  return (e as Error).message ?? String(e);
}
