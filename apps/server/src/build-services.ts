import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import { buildIdentity } from './build-identity';
import { buildLibrary } from './build-library';
import { buildSocials } from './build-socials';
import { EventBus } from './lib/events';
import { AccessRepository } from './modules/access/access.repository';
import { AccessService } from './modules/access/access.service';
import { MembershipsRepository } from './modules/access/memberships.repository';
import { ServerSettingsRepository } from './modules/auth/server-settings.repository';
import { TokenService } from './modules/auth/token.service';
import { MarkersRepository } from './modules/clips/markers.repository';
import { MarkersService } from './modules/clips/markers.service';
import { CommentsRepository } from './modules/comments/comments.repository';
import { CommentsService } from './modules/comments/comments.service';
import { CorporationsRepository } from './modules/corporations/corporations.repository';
import { GraphService } from './modules/graph/graph.service';
import { LiveStats } from './modules/graph/live-stats';
import { JobSignals } from './modules/jobs/job-signals';
import type { WorkerOptions } from './modules/jobs/job-worker';
import { JobsRepository } from './modules/jobs/jobs.repository';
import { JobsService } from './modules/jobs/jobs.service';
import { buildLivePlane } from './modules/live/build-live';
import { LeasesRepository } from './modules/live/leases.repository';
import { LiveEvents } from './modules/live/live-events';
import { SourcePreviews } from './modules/live/source-previews';
import { MediaLinks } from './modules/medias/media-links';
import { MediasRepository } from './modules/medias/medias.repository';
import { MediasService } from './modules/medias/medias.service';
import { RecordingsRepository } from './modules/medias/recordings.repository';
import { RecordingsService } from './modules/medias/recordings.service';
import { NotificationsPublisher } from './modules/notifications/notifications.publisher';
import { NotificationsRepository } from './modules/notifications/notifications.repository';
import { NotificationsService } from './modules/notifications/notifications.service';
import { OutputsRepository } from './modules/outputs/outputs.repository';
import { OutputsService } from './modules/outputs/outputs.service';
import { ViewerRegistry } from './modules/outputs/viewer-registry';
import { ViewersRepository } from './modules/outputs/viewers.repository';
import { PlayService } from './modules/play/play.service';
import { ClusterRelay } from './modules/realtime/cluster-relay';
import { RealtimePrograms } from './modules/realtime/realtime-programs';
import { WhepService } from './modules/realtime/whep.service';
import { WhipService } from './modules/realtime/whip.service';
import { sourcePresenter } from './modules/sources/source-presenter';
import { SourcesRepository } from './modules/sources/sources.repository';
import { SourcesService } from './modules/sources/sources.service';
import { StreamInfosRepository } from './modules/stream-infos/stream-infos.repository';
import { StreamInfosService } from './modules/stream-infos/stream-infos.service';
import { TargetsRepository } from './modules/targets/targets.repository';
import { TargetsService } from './modules/targets/targets.service';
import { UsageRepository } from './modules/usage/usage.repository';
import { UsageService } from './modules/usage/usage.service';
import { UsageCountersRepository } from './modules/usage/usage-counters.repository';
import { limitWarning } from './modules/usage/usage-warnings';
import { AvatarService } from './modules/users/avatar.service';
import { UsersRepository } from './modules/users/users.repository';
import { BrokerLink } from './plugins/broker-link';
import { type Config, sharedRoot } from './plugins/config';
import type { Database } from './plugins/db';
import { createMailer } from './plugins/mailer';
import { createStorage } from './plugins/storage';
import type { Services } from './services';

/**
 * The composition root (issue 29, item 2): every service and engine of a process is constructed here,
 * once, through its constructor and in dependency order, so the compiler sees anything missing. What
 * would be a cycle goes through a small port built first (BrokerLink, JobSignals, SocialBoundTargets).
 * Nothing here starts: app.ts starts what runs (broker, live plane, job worker, meter, sweeps) and stops
 * it in reverse order. Routes reach the result through `app.services`.
 */
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
  const storage = createStorage(config);
  // Before the broker runs: it authenticates through the sessions, which drop its connections.
  const brokerLink = new BrokerLink();
  const tokens = new TokenService(new ServerSettingsRepository(db));
  const access = new AccessService(new AccessRepository(db));
  const memberships = new MembershipsRepository(db);
  const usersRepo = new UsersRepository(db);
  const sourcesRepo = new SourcesRepository(db);
  const mediasRepo = new MediasRepository(db);
  const outputsRepo = new OutputsRepository(db);
  const targetsRepo = new TargetsRepository(db);
  const notifications = new NotificationsService(
    new NotificationsRepository(db),
    access,
    new NotificationsPublisher(brokerLink, log),
    log,
  );
  const usage = new UsageService(
    new UsageRepository(db),
    access,
    new UsageCountersRepository(db),
    {
      sources: (s) => sourcesRepo.countIn(s),
      targets: (s) => targetsRepo.countIn(s),
      outputs: (s) => outputsRepo.countIn(s),
      medias: (s) => mediasRepo.countIn(s),
      storage: (s) => mediasRepo.bytesPerWorkspace(s),
    },
    limitWarning({ memberships, notifications, mailer, corporations: new CorporationsRepository(db), log }),
    log,
  );
  const who = buildIdentity({
    config,
    database,
    mailer,
    events,
    access,
    memberships,
    usersRepo,
    usage,
    broker: brokerLink,
  });
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
    mediasRepo,
    viewers,
    liveEvents,
  );
  const play = new PlayService(
    outputsRepo,
    tokens,
    mediaLinks,
    config.publicUrl,
    viewers,
    sharedRoot(config),
    usage.meter,
    access,
  );
  // Real time (issue 35): the RTP of this process's realtime programs, and their WHEP viewers.
  const realtime = new RealtimePrograms();
  // A viewer joining a WHIP source's program asks its publisher for a keyframe (`whip` is set below).
  const whep = new WhepService(play, realtime, config.webrtc ?? { bindAddress: '0.0.0.0' }, (sourceId) =>
    whip.keyframeFor(sourceId),
  );
  // A cluster's viewer offers reach the program's writer (issue 35 item 4); `live` is set below.
  const leases = new LeasesRepository(db);
  const clusterRelay = new ClusterRelay({
    holderOf: (kind, id) => leases.holderAddress(kind, id),
    me: () => live.keeper.me,
    secret: () => tokens.secret(),
  });
  const social = buildSocials({
    config,
    database,
    log,
    access,
    events,
    liveEvents,
    sourcesRepo,
    outputsRepo,
    targetsRepo,
    medias,
    jobs,
  });
  const targets = new TargetsService(
    usage,
    targetsRepo,
    sourcesRepo,
    access,
    events,
    liveEvents,
    social.socialShares,
    { allowPrivate: config.targetAllowPrivate },
  );
  const library = buildLibrary({
    config,
    database,
    log,
    media,
    access,
    events,
    storage,
    usage,
    medias,
    jobs,
    jobSignals,
    outputs,
    play,
    socialPosts: social.socialPosts,
    workerOptions: options.jobs,
  });
  const streamInfos = new StreamInfosService(new StreamInfosRepository(db), access, sourcesRepo);
  const recordings = new RecordingsService(
    config,
    storage,
    medias,
    jobs,
    log,
    new RecordingsRepository(db),
    () => void liveEvents.send({ type: 'recordings-changed' }),
  );
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
    socialLive: social.socialLive,
    realtime,
  });
  // WHIP ingest (issue 35 item 2): publishers bridged to this process's ingest, by the engine's rules.
  const engine = live.engine;
  const whip = new WhipService(
    {
      source: (key) => engine.keys.source(key),
      mayStart: (key) => engine.mayStart(key),
      publishUrl: (key) => engine.publishUrl(key),
      publishingKeyOf: (id) => engine.publishingKeyOf(id),
      endPublishNow: (key) => engine.endPublishNow(key),
    },
    config.ffmpegPath,
    config.webrtc ?? { bindAddress: '0.0.0.0' },
    log,
  );
  return {
    config,
    database,
    mailer,
    events,
    brokerLink,
    liveEvents,
    live,
    tokens,
    clusterRelay,
    access,
    memberships,
    ...who,
    usage,
    notifications,
    storage,
    avatars: new AvatarService(mediasRepo, usersRepo, storage, who.identity),
    sources: new SourcesService(
      usage,
      config,
      sourcesRepo,
      access,
      events,
      mediasRepo,
      liveEvents,
      new SourcePreviews(config.dataDir, config.ffmpegPath, live.engine),
    ),
    targets,
    streamInfos,
    medias,
    mediaLinks,
    jobs,
    recordings,
    outputs,
    play,
    realtime,
    whep,
    whip,
    ...library,
    ...social,
    comments: new CommentsService(new CommentsRepository(db), access, outputs, events),
    markers: new MarkersService(new MarkersRepository(db), outputs),
    graph: new GraphService(
      access,
      sourcesRepo,
      outputs,
      targetsRepo,
      mediasRepo,
      new LiveStats(brokerLink, live.engine),
    ),
  };
}
