import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from './lib/events';
import type { AccessService } from './modules/access/access.service';
import { ClipsService } from './modules/clips/clips.service';
import { DraftPreviews } from './modules/drafts/draft-preview';
import { DraftsRepository } from './modules/drafts/drafts.repository';
import { DraftsService } from './modules/drafts/drafts.service';
import type { JobSignals } from './modules/jobs/job-signals';
import { JobWorker, type WorkerOptions } from './modules/jobs/job-worker';
import type { JobsService } from './modules/jobs/jobs.service';
import { mediaJobHandlers } from './modules/jobs/media-job-handlers';
import { MediaKeyframesService } from './modules/medias/media-keyframes.service';
import { MediaUploadService } from './modules/medias/media-upload.service';
import type { MediasService } from './modules/medias/medias.service';
import { WaitingMediaService } from './modules/medias/waiting-media.service';
import type { OutputsService } from './modules/outputs/outputs.service';
import type { PlayService } from './modules/play/play.service';
import type { SocialPostsService } from './modules/social-posts/social-posts.service';
import type { UsageService } from './modules/usage/usage.service';
import { type Config, sharedRoot } from './plugins/config';
import type { Database } from './plugins/db';
import type { Storage } from './plugins/storage';
import type { Services } from './services';

/** What the media library's part of the composition root (build-services.ts) is built from. */
export interface LibraryParts {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  /** This process's ffmpeg: read at each request, and the worker claims nothing while it is detected. */
  media: MediaRuntime;
  access: AccessService;
  events: EventBus;
  storage: Storage;
  usage: UsageService;
  medias: MediasService;
  jobs: JobsService;
  jobSignals: JobSignals;
  outputs: OutputsService;
  play: PlayService;
  socialPosts: SocialPostsService;
  workerOptions?: Partial<WorkerOptions>;
}

/** Uploads, drafts, clips and the job worker that runs their jobs. */
export function buildLibrary(p: LibraryParts) {
  const { config, log, media, access, events, storage, medias, jobs } = p;
  const drafts = new DraftsService(
    new DraftsRepository(p.database.db),
    access,
    medias,
    jobs,
    events,
    log,
    media,
    new DraftPreviews({ ...config, storage }),
  );
  // Built on every process, started only where jobs run (app.ts): an API process leaves it idle.
  const jobWorker = new JobWorker(
    {
      repo: jobs.repo,
      service: jobs,
      set: mediaJobHandlers({
        ...config,
        storage,
        medias,
        jobs,
        drafts: drafts.repo,
        socialPosts: p.socialPosts,
      }),
      signals: p.jobSignals,
      meter: p.usage.meter,
      media,
      log,
    },
    { recoverAllAtStart: p.database.engine === 'pglite', ...p.workerOptions },
  );
  const mediaUpload = new MediaUploadService(config, access, storage, medias, jobs, media);
  return {
    drafts,
    jobWorker,
    mediaUpload,
    waitingMedia: new WaitingMediaService(access, medias, mediaUpload, storage, jobs, media),
    mediaKeyframes: new MediaKeyframesService(config, medias, storage, media),
    clips: new ClipsService(sharedRoot(config), p.outputs, medias, jobs, p.play, storage, log, events, media),
  } satisfies Partial<Services>;
}
