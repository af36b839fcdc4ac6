import type { Storage } from '../../plugins/storage';
import { clipJob } from '../clips/clip.job';
import type { DraftsRepository } from '../drafts/drafts.repository';
import { renderDraftJob } from '../drafts/render-draft.job';
import type { MediasService } from '../medias/medias.service';
import { socialPostJob } from '../social-posts/social-post.job';
import type { SocialPostsService } from '../social-posts/social-posts.service';
import { killStrays, removeJobDir } from './job-files';
import type { JobHandlerSet } from './job-worker';
import type { JobRow } from './jobs.repository';
import type { JobsService } from './jobs.service';
import { renderMp4Job } from './render-mp4.job';
import { thumbnailJob } from './thumbnail.job';

export interface MediaJobDeps {
  dataDir: string;
  /** SHARED_DIR: players' HLS and clip inputs, seen by every process (config.ts `sharedRoot`). */
  sharedDir?: string;
  ffmpegPath: string;
  ffprobePath: string;
  storage: Storage;
  medias: MediasService;
  jobs: JobsService;
  drafts: DraftsRepository;
  socialPosts: SocialPostsService;
}

/** The job types of the media library; later features (drafts, clips) add theirs here. */
export function mediaJobHandlers(deps: MediaJobDeps): JobHandlerSet {
  return {
    handlers: {
      thumbnail: (ctx) => thumbnailJob(deps, ctx),
      'render-mp4': (ctx) => renderMp4Job(deps, ctx),
      clip: (ctx) => clipJob(deps, ctx),
      'render-draft': (ctx) => renderDraftJob(deps, ctx),
      'social-post': (ctx) => socialPostJob(deps, ctx),
    },
    async cleanup(job: JobRow) {
      await killStrays(deps.dataDir, job.id);
      await removeJobDir(deps.dataDir, job.id);
      // Without a thumbnail the media still plays: it must not stay "processing".
      if (job.type === 'thumbnail' && job.mediaId) {
        const media = await deps.medias.repo.byId(job.mediaId);
        if (media?.status === 'processing') {
          const row = await deps.medias.repo.update(media.id, {
            status: 'ready',
            error: 'No thumbnail could be made',
          });
          if (row) deps.medias.changed(row, 'updated');
        }
      }
    },
  };
}
