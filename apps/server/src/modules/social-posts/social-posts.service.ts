import type {
  CreateFolderBody,
  PostSocialBody,
  SocialFolder,
  SocialPost,
} from '@stromwerk/contracts/social-posts';
import { postNetworks } from '@stromwerk/contracts/social-posts';
import type { SocialNetwork } from '@stromwerk/contracts/social-values';
import { OAuth2RequestError } from 'arctic';
import { AppError, notFound } from '../../lib/app-error';
import { iso, isoOrNull } from '../../lib/dates';
import type { Actor } from '../../plugins/auth';
import type { Config } from '../../plugins/config';
import type { AccessService } from '../access/access.service';
import type { JobsService } from '../jobs/jobs.service';
import type { MediasService } from '../medias/medias.service';
import { type FtpCredentials, FtpOpenError } from '../socials/ftp-check';
import { networks } from '../socials/networks/registry';
import type { ApiCall, FolderSpec } from '../socials/networks/upload-spec';
import type { OauthFlow } from '../socials/oauth-flow';
import { PlatformHttpError } from '../socials/platform-api';
import type { SocialRow } from '../socials/socials.repository';
import type { SocialsService } from '../socials/socials.service';
import { ConnectionUnusable, connectionAccess } from './connection-access';
import { createFtpFolder, ftpFolders } from './ftp-upload';
import { apiCaller } from './platform-call';
import { fillPostTemplate } from './post-template';
import type { SocialPostRow, SocialPostsRepository } from './social-posts.repository';

export function toSocialPost(r: SocialPostRow): SocialPost {
  return {
    id: r.id,
    workspaceId: r.workspaceId,
    mediaId: r.mediaId,
    socialId: r.socialId,
    network: r.network as SocialPost['network'],
    jobId: r.jobId,
    title: r.title,
    description: r.description,
    tags: r.tags,
    categoryId: r.categoryId,
    visibility: r.visibility as SocialPost['visibility'],
    folder: r.folder,
    status: r.status as SocialPost['status'],
    uploadedBytes: r.uploadedBytes,
    totalBytes: r.totalBytes,
    url: r.url,
    externalId: r.externalId,
    error: r.error,
    publishedAt: isoOrNull(r.publishedAt),
    createdAt: iso(r.createdAt),
    updatedAt: iso(r.updatedAt),
  };
}

/**
 * Posting a media to the caller's social connections (issue 20): one post row and one `social-post` job
 * per destination (the job's handler is `social-post.job.ts`). The media is reached through the access
 * service (write in its workspace), each connection only by its owner: anything else is a 404.
 */
export class SocialPostsService {
  constructor(
    readonly repo: SocialPostsRepository,
    private readonly access: AccessService,
    private readonly medias: MediasService,
    private readonly jobs: JobsService,
    readonly socials: SocialsService,
    readonly flow: OauthFlow,
    readonly config: Config,
  ) {}

  async post(actor: Actor, body: PostSocialBody) {
    const media = await this.medias.row(actor, body.mediaId, 'write');
    const original = media.files.find((f) => f.kind === 'original');
    if (!original)
      throw new AppError('VALIDATION_FAILED', 'mediaId: the media has no file to post', [
        { field: 'mediaId', message: 'the media has no file to post' },
      ]);
    const rows: SocialRow[] = [];
    for (const [i, d] of body.destinations.entries()) {
      const row = await this.socials.owned(actor, d.socialId);
      this.usable(row, `destinations.${i}.socialId`);
      if (row.network === 'facebook' && !d.pageId)
        throw new AppError('VALIDATION_FAILED', `destinations.${i}.pageId: choose the page to post to`, [
          { field: `destinations.${i}.pageId`, message: 'choose the Facebook page to post to' },
        ]);
      rows.push(row);
    }
    const now = new Date();
    const fill = (t: string) => fillPostTemplate(t, { media: media.name, now });
    const posts: SocialPost[] = [];
    const jobs = [];
    for (const [i, d] of body.destinations.entries()) {
      const row = rows[i]!;
      const post = await this.repo.insert({
        corporationId: media.corporationId!,
        workspaceId: media.workspaceId!,
        userId: actor.user.id,
        mediaId: media.id,
        socialId: row.id,
        network: row.network,
        title: fill(d.title || '{media}').slice(0, 100),
        description: fill(d.description ?? ''),
        tags: d.tags ?? [],
        categoryId: d.categoryId ?? null,
        visibility: d.visibility,
        // A Facebook post's "where" is its page.
        folder: (row.network === 'facebook' ? d.pageId : d.folder) || null,
        totalBytes: original.size,
      });
      const job = await this.jobs.enqueueWork({
        type: 'social-post',
        corporationId: post.corporationId,
        workspaceId: post.workspaceId,
        mediaId: media.id,
        payload: { postId: post.id },
      });
      posts.push(toSocialPost((await this.repo.update(post.id, { jobId: job.id }))!));
      jobs.push(job);
    }
    return { posts, jobs };
  }

  /** A connection that can post: a network with uploads, connected by OAuth or FTP credentials. */
  private usable(row: SocialRow, field: string) {
    const refuse = (message: string) => {
      throw new AppError('SOCIAL_UNSUPPORTED', `${field}: ${message}`, [{ field, message }]);
    };
    if (!(postNetworks as readonly string[]).includes(row.network))
      refuse(`posting to ${networkLabel(row.network)} is not available yet`);
    if (row.authType === 'stream-key') refuse('a stream-key connection can only go live');
    this.socials.requireBox();
  }

  async get(actor: Actor, id: string) {
    const row = await this.repo.byId(id);
    if (!row) throw notFound('Social post');
    await this.access.resource(actor, row.workspaceId, 'read', 'Social post');
    return toSocialPost(row);
  }

  async folders(actor: Actor, id: string, parentId?: string): Promise<{ items: SocialFolder[] }> {
    const row = await this.socials.owned(actor, id);
    const items = await this.onFolders(row, {
      ftp: (creds) => ftpFolders(creds, this.config.targetAllowPrivate, parentId),
      api: (call, spec) => spec.list(call, parentId),
    });
    return { items };
  }

  async createFolder(actor: Actor, id: string, body: CreateFolderBody): Promise<SocialFolder> {
    this.socials.assertUnscoped(actor);
    const row = await this.socials.owned(actor, id);
    return this.onFolders(row, {
      ftp: (creds) => createFtpFolder(creds, this.config.targetAllowPrivate, body.name, body.parentId),
      api: (call, spec) => spec.create(call, body.name, body.parentId),
    });
  }

  /** A folder call on a connection that has folders (FTP, or the descriptor's API calls with a fresh token). */
  private async onFolders<T>(
    row: SocialRow,
    how: { ftp(creds: FtpCredentials): Promise<T>; api(call: ApiCall, spec: FolderSpec): Promise<T> },
  ): Promise<T> {
    const spec = networks[row.network as SocialNetwork]?.folders;
    if (!spec && row.network !== 'ftp')
      throw new AppError('SOCIAL_UNSUPPORTED', `${networkLabel(row.network)} has no folders`);
    this.socials.requireBox();
    try {
      const a = connectionAccess(this.socials, this.flow, this.config, row);
      if (a.kind === 'ftp') return await how.ftp(a.creds);
      return await how.api(apiCaller(a.app, await a.token()), spec!);
    } catch (e) {
      throw platformFailure(e);
    }
  }
}

const networkLabel = (network: string) => networks[network as SocialNetwork]?.label ?? network;

/** A failed call to a network or FTP server as a 4xx/5xx naming the cause, never a 500. */
export function platformFailure(e: unknown): AppError {
  if (e instanceof AppError) return e;
  if (e instanceof ConnectionUnusable) return new AppError('SOCIAL_UNSUPPORTED', e.message);
  if (e instanceof FtpOpenError) return new AppError('SOCIAL_PLATFORM_FAILED', e.message);
  if (e instanceof OAuth2RequestError)
    return new AppError('SOCIAL_PLATFORM_FAILED', 'The network refused to renew the access: reconnect it');
  if (e instanceof PlatformHttpError)
    return new AppError(
      'SOCIAL_PLATFORM_FAILED',
      e.status === 401 ? 'The network no longer accepts this connection: reconnect it' : e.message,
    );
  return new AppError('SOCIAL_PLATFORM_FAILED', `The network could not be reached: ${(e as Error).message}`);
}
