import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import { EventBus } from './lib/events';
import { AccessRepository } from './modules/access/access.repository';
import { AccessService } from './modules/access/access.service';
import { IdentityCache, type IdentityChange } from './modules/access/identity-cache';
import { MembershipsRepository } from './modules/access/memberships.repository';
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository';
import { ApiKeysService } from './modules/api-keys/api-keys.service';
import { AuthService } from './modules/auth/auth.service';
import { ServerSettingsRepository } from './modules/auth/server-settings.repository';
import { TokenService } from './modules/auth/token.service';
import { ClipsService } from './modules/clips/clips.service';
import { MarkersRepository } from './modules/clips/markers.repository';
import { MarkersService } from './modules/clips/markers.service';
import { CommentsRepository } from './modules/comments/comments.repository';
import { CommentsService } from './modules/comments/comments.service';
import { CorporationsRepository } from './modules/corporations/corporations.repository';
import { CorporationsService } from './modules/corporations/corporations.service';
import { DraftPreviews } from './modules/drafts/draft-preview';
import { DraftsRepository } from './modules/drafts/drafts.repository';
import { DraftsService } from './modules/drafts/drafts.service';
import { GraphService } from './modules/graph/graph.service';
import { LiveStats } from './modules/graph/live-stats';
import { InvitationsRepository } from './modules/invitations/invitations.repository';
import { InvitationsService } from './modules/invitations/invitations.service';
import { JobSignals } from './modules/jobs/job-signals';
import { JobWorker, type WorkerOptions } from './modules/jobs/job-worker';
import { JobsRepository } from './modules/jobs/jobs.repository';
import { JobsService } from './modules/jobs/jobs.service';
import { mediaJobHandlers } from './modules/jobs/media-job-handlers';
import { buildLivePlane } from './modules/live/build-live';
import { LiveEvents } from './modules/live/live-events';
import { SourcePreviews } from './modules/live/source-previews';
import { MediaLinks } from './modules/medias/media-links';
import { MediaUploadService } from './modules/medias/media-upload.service';
import { MediasRepository } from './modules/medias/medias.repository';
import { MediasService } from './modules/medias/medias.service';
import { RecordingsService } from './modules/medias/recordings.service';
import { NotificationsPublisher } from './modules/notifications/notifications.publisher';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { OutputsRepository } from './modules/outputs/outputs.repository';
import { OutputsService } from './modules/outputs/outputs.service';
import { ViewerRegistry } from './modules/outputs/viewer-registry';
import { ViewersRepository } from './modules/outputs/viewers.repository';
import { PlayService } from './modules/play/play.service';
import { SessionsRepository } from './modules/sessions/sessions.repository';
import { SessionsService } from './modules/sessions/sessions.service';
import { SocialPostsRepository } from './modules/social-posts/social-posts.repository';
import { SocialPostsService } from './modules/social-posts/social-posts.service';
import { OauthAppStore } from './modules/socials/oauth-app-store';
import { OauthFlow } from './modules/socials/oauth-flow';
import { SocialConnectService } from './modules/socials/social-connect.service';
import { SocialLiveService } from './modules/socials/social-live.service';
import { secretBoxFor } from './modules/socials/social-secrets';
import { SocialSettingsRepository } from './modules/socials/social-settings.repository';
import { SocialSharesService } from './modules/socials/social-shares.service';
import { SocialsRepository } from './modules/socials/socials.repository';
import { SocialsService } from './modules/socials/socials.service';
import { sourcePresenter } from './modules/sources/source-presenter';
import { SourcesRepository } from './modules/sources/sources.repository';
import { SourcesService } from './modules/sources/sources.service';
import { StreamInfosRepository } from './modules/stream-infos/stream-infos.repository';
import { StreamInfosService } from './modules/stream-infos/stream-infos.service';
import { SocialBoundTargets } from './modules/targets/social-bound-targets';
import { TargetsRepository } from './modules/targets/targets.repository';
import { TargetsService } from './modules/targets/targets.service';
import { UsageRepository } from './modules/usage/usage.repository';
import { UsageService } from './modules/usage/usage.service';
import { UsageCountersRepository } from './modules/usage/usage-counters.repository';
import { limitWarning } from './modules/usage/usage-warnings';
import { AvatarService } from './modules/users/avatar.service';
import { UsersRepository } from './modules/users/users.repository';
import { UsersService } from './modules/users/users.service';
import { VerificationRepository } from './modules/users/verification.repository';
import { VerificationService } from './modules/users/verification.service';
import { WorkspacesRepository } from './modules/workspaces/workspaces.repository';
import { WorkspacesService } from './modules/workspaces/workspaces.service';
import { BrokerLink } from './plugins/broker-link';
import { type Config, sharedRoot } from './plugins/config';
import type { Database } from './plugins/db';
import { createMailer } from './plugins/mailer';
import { createStorage } from './plugins/storage';
import type { Services } from './services';

/** Wires repositories into services once per process; routes reach them through `app.services`. */
export function buildServices(
  config: Config,
  database: Database,
  log: FastifyBaseLogger,
  media: MediaRuntime,
  options: { jobs?: Partial<WorkerOptions> } = {},
): Services {
  const { db } = database;
  const events = new EventBus();
  // The one way from a committed change to the live plane, on every process (issue 29).
  const liveEvents = new LiveEvents(database.listen, events, log);
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
  });
  const tokens = new TokenService(new ServerSettingsRepository(db));
  const identity = identityCacheFor(database);
  // Before the broker runs: it authenticates through the sessions, which drop its connections.
  const brokerLink = new BrokerLink();
  const sessions = new SessionsService(new SessionsRepository(db), identity, brokerLink);
  const access = new AccessService(new AccessRepository(db));
  const memberships = new MembershipsRepository(db);
  const usersRepo = new UsersRepository(db);
  const storage = createStorage(config);
  const notifications = new NotificationsService(
    new NotificationsRepository(db),
    access,
    new NotificationsPublisher(brokerLink, log),
    log,
  );
  const sourcesRepo = new SourcesRepository(db);
  const mediasRepo = new MediasRepository(db);
  const outputsRepo = new OutputsRepository(db);
  const targetsRepo = new TargetsRepository(db);
  const usage = new UsageService(
    new UsageRepository(db),
    access,
    new UsageCountersRepository(db),
    {
      sources: (s) => sourcesRepo.countIn(s),
      targets: (s) => targetsRepo.countIn(s),
      outputs: (s) => outputsRepo.countIn(s),
      medias: (s) => mediasRepo.countIn(s),
      storageBytes: (s) => mediasRepo.bytesIn(s),
    },
    limitWarning({ memberships, notifications, mailer, corporations: new CorporationsRepository(db), log }),
    log,
  );
  const mediaLinks = new MediaLinks(tokens);
  const jobSignals = new JobSignals();
  const jobs = new JobsService(new JobsRepository(db), access, mediasRepo, events, jobSignals, usage.limits);
  const medias = new MediasService(mediasRepo, access, storage, mediaLinks, events, jobs);
  // PostgreSQL may be shared by several processes: a viewer limit of N admits N across all of them, and
  // counts and watch time are the cluster's (issue 19). PGlite serves one process: memory is enough.
  const viewers = database.listen ? new ViewersRepository(db) : new ViewerRegistry();
  const outputs = new OutputsService(
    usage,
    config,
    outputsRepo,
    access,
    events,
    sourcesRepo,
    medias.repo,
    viewers,
    liveEvents,
  );
  const oauthFlow = new OauthFlow();
  const socialSettings = new SocialSettingsRepository(db);
  const secretBox = secretBoxFor(config);
  const socials = new SocialsService(
    new SocialsRepository(db),
    config,
    secretBox,
    oauthFlow,
    log,
    new OauthAppStore(socialSettings, config, secretBox),
  );
  const socialShares = new SocialSharesService(
    socials,
    socialSettings,
    access,
    new SocialBoundTargets(targetsRepo, events, liveEvents),
  );
  const targets = new TargetsService(
    usage,
    targetsRepo,
    sourcesRepo,
    access,
    events,
    liveEvents,
    socialShares,
    { allowPrivate: config.targetAllowPrivate },
  );
  const invitations = new InvitationsService(
    db,
    config,
    new InvitationsRepository(db),
    access,
    memberships,
    mailer,
    events,
    identity,
  );
  const verification = new VerificationService(
    new VerificationRepository(db),
    config,
    usersRepo,
    mailer,
    sessions,
    identity,
  );
  const play = new PlayService(
    outputs.repo,
    tokens,
    mediaLinks,
    config.publicUrl,
    viewers,
    sharedRoot(config),
    usage.meter,
  );
  const socialLive = new SocialLiveService(
    socials,
    socialShares,
    oauthFlow,
    { allowPrivate: config.targetAllowPrivate },
    async (row) => {
      const feed = row.sourceId
        ? await sourcesRepo.byId(row.sourceId)
        : row.outputId
          ? await outputs.repo.byId(row.outputId)
          : undefined;
      return feed?.name ?? row.name;
    },
  );
  const streamInfos = new StreamInfosService(new StreamInfosRepository(db), access, sourcesRepo);
  const recordings = new RecordingsService(config, storage, medias, jobs, log);
  const live = buildLivePlane({
    config,
    database,
    media,
    log,
    events,
    liveEvents,
    sourcesRepo,
    targetsRepo,
    outputs,
    present: sourcePresenter(config),
    streamInfos,
    notifications,
    usage,
    recordings,
    medias,
    storage,
    socialLive,
  });
  const socialPosts = new SocialPostsService(
    new SocialPostsRepository(db),
    access,
    medias,
    jobs,
    socials,
    oauthFlow,
    config,
  );
  const drafts = new DraftsService(
    new DraftsRepository(db),
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
        socialPosts,
      }),
      signals: jobSignals,
      meter: usage.meter,
      media,
      log,
    },
    { recoverAllAtStart: database.engine === 'pglite', ...options.jobs },
  );
  return {
    brokerLink,
    liveEvents,
    live,
    jobWorker,
    socials,
    socialShares,
    socialLive,
    socialConnect: new SocialConnectService(socials, oauthFlow, log),
    socialPosts,
    config,
    database,
    mailer,
    events,
    identity,
    tokens,
    sessions,
    access,
    memberships,
    invitations,
    auth: new AuthService(db, config, usersRepo, sessions, invitations),
    users: new UsersService(usersRepo, memberships, sessions, verification, identity),
    verification,
    apiKeys: new ApiKeysService(new ApiKeysRepository(db), usersRepo, identity, access),
    corporations: new CorporationsService(
      db,
      new CorporationsRepository(db),
      access,
      memberships,
      events,
      identity,
      sessions,
    ),
    workspaces: new WorkspacesService(
      usage,
      new WorkspacesRepository(db),
      access,
      memberships,
      events,
      identity,
    ),
    usage,
    sources: new SourcesService(
      usage,
      config,
      sourcesRepo,
      access,
      events,
      medias.repo,
      liveEvents,
      new SourcePreviews(config.dataDir, config.ffmpegPath, live.engine),
    ),
    targets,
    streamInfos,
    notifications,
    storage,
    avatars: new AvatarService(medias.repo, usersRepo, storage, identity),
    medias,
    mediaLinks,
    mediaUpload: new MediaUploadService(config, access, storage, medias, jobs, media),
    jobs,
    recordings,
    outputs,
    play,
    comments: new CommentsService(new CommentsRepository(db), access, outputs, events),
    clips: new ClipsService(sharedRoot(config), outputs, medias, jobs, play, storage, log, events, media),
    markers: new MarkersService(new MarkersRepository(db), outputs),
    graph: new GraphService(
      access,
      sourcesRepo,
      outputs,
      targetsRepo,
      medias.repo,
      new LiveStats(brokerLink),
    ),
    drafts,
  };
}

/**
 * The cache of resolved callers. On PostgreSQL other server processes may change the same rows, so the
 * cache listens for their changes (LISTEN/NOTIFY) and serves nothing until it does; PGlite is one process.
 */
function identityCacheFor(database: Database): IdentityCache {
  const { listen } = database;
  if (!listen) return new IdentityCache();
  return new IdentityCache({ channel: (listener) => listen<IdentityChange>('stromwerk_identity', listener) });
}
