/**
 * The live plane of a process, built by the composition root (build-services.ts) through constructors,
 * and started and stopped in order (issue 29, item 2): lock session -> lease keeper -> live engine ->
 * program engine; stopped the other way round. Services only ever see `LiveEvents`.
 */
import { join } from 'node:path';
import { DEFAULT_RENDER_DEVICE } from '@stromwerk/media/ladder-encoder';
import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import { sharedRoot } from '../../plugins/config';
import type { Database } from '../../plugins/db';
import { servedRegions } from '../../plugins/placement-config';
import type { Storage } from '../../plugins/storage';
import { CorporationsRepository } from '../corporations/corporations.repository';
import { storedInput } from '../medias/media-input';
import type { MediasService } from '../medias/medias.service';
import type { RecordingsService } from '../medias/recordings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { LadderEncoderChoice } from '../outputs/ladder-encoding';
import type { OutputsService } from '../outputs/outputs.service';
import { ProgramEngine, programDir } from '../outputs/program-engine';
import type { RealtimePrograms } from '../realtime/realtime-programs';
import type { SocialLiveService } from '../socials/social-live.service';
import type { SourceRow, SourcesRepository } from '../sources/sources.repository';
import type { StreamInfosService } from '../stream-infos/stream-infos.service';
import type { TargetsRepository } from '../targets/targets.repository';
import type { UsageService } from '../usage/usage.service';
import { LeaseKeeper } from './lease-keeper';
import { LeasesRepository } from './leases.repository';
import { LiveEngine } from './live-engine';
import type { LiveEvents } from './live-events';
import type { SourceNews } from './live-source-info';
import { RegionGate } from './region-gate';

const COPYABLE = { video: ['h264'], audio: ['aac'] };

export interface LivePlaneParts {
  config: Config;
  database: Database;
  media: MediaRuntime;
  log: FastifyBaseLogger;
  events: EventBus;
  liveEvents: LiveEvents;
  sourcesRepo: SourcesRepository;
  targetsRepo: TargetsRepository;
  outputs: OutputsService;
  present(row: SourceRow): ReturnType<SourceNews['present']>;
  streamInfos: StreamInfosService;
  notifications: NotificationsService;
  usage: UsageService;
  recordings: RecordingsService;
  medias: MediasService;
  storage: Storage;
  socialLive: SocialLiveService;
  /** Real time: the RTP sources the programs' writers send to (issue 35). */
  realtime?: RealtimePrograms;
}

export interface LivePlane {
  keeper: LeaseKeeper;
  engine: LiveEngine;
  programs: ProgramEngine;
  /** The quality ladders' encoder; chosen (GPU trials) only where programs run (start-work.ts). */
  ladderEncoder: LadderEncoderChoice;
}

export function buildLivePlane(p: LivePlaneParts): LivePlane {
  const { config, database, log } = p;
  const placement = config.placement ?? { role: 'all' as const, regions: undefined };
  const cluster = !!database.listen;
  const keeper = new LeaseKeeper(new LeasesRepository(database.db), database.lockSession(log), {
    log,
    role: placement.role,
    regions: servedRegions(placement),
    ...(config.internalUrl ? { internalUrl: config.internalUrl } : {}),
    media: p.media,
    cluster,
    processGone: (holder) => p.recordings.processGone(holder),
  });
  const corporations = new CorporationsRepository(database.db);
  const engine = new LiveEngine({
    config,
    media: p.media,
    role: placement.role,
    cluster,
    sources: p.sourcesRepo,
    targetsRepo: p.targetsRepo,
    streamInfos: p.streamInfos,
    news: {
      events: p.events,
      present: p.present,
      streamInfos: p.streamInfos,
      log,
      notify: (row, kind) =>
        p.notifications.notifyWorkspace(row.corporationId, row.workspaceId, {
          kind,
          entity: 'source',
          entityId: row.id,
          data: { name: row.name },
        }),
    },
    events: p.events,
    liveEvents: p.liveEvents,
    keeper,
    log,
    regions: new RegionGate(config.placement, log),
    recordings: p.recordings,
    outputsRepo: p.outputs.repo,
    meter: p.usage.meter,
    liveRefused: (corporationId) => p.usage.limits.liveRefused(corporationId),
    platform: p.socialLive,
    blockedCorporations: () => corporations.blockedIds(),
    async isCorporationBlocked(id) {
      return (await corporations.byId(id))?.blocked ?? false;
    },
    async programFeed(outputId) {
      const output = await p.outputs.repo.byId(outputId);
      if (!output || output.input === 'offline') return undefined;
      return join(programDir(sharedRoot(config), outputId), 'index.m3u8');
    },
    async mediaFile(mediaId) {
      const media = await p.medias.repo.readyById(mediaId);
      const file = media?.files[0];
      if (!media || !file) return null;
      const probe = media.probe as { video?: { codec?: string }; audio?: { codec?: string } } | null;
      const copyable =
        !!probe?.video?.codec &&
        COPYABLE.video.includes(probe.video.codec) &&
        (!probe.audio || COPYABLE.audio.includes(probe.audio.codec ?? ''));
      return { input: await storedInput(p.storage, media, file), copyable };
    },
  });
  const ladderEncoder = new LadderEncoderChoice({
    ...(config.ladderEncoder ?? { setting: 'auto', device: DEFAULT_RENDER_DEVICE }),
    ffmpegPath: config.ffmpegPath,
    media: p.media,
    log,
  });
  const programs = new ProgramEngine({
    config,
    media: p.media,
    log,
    liveEvents: p.liveEvents,
    outputs: p.outputs,
    sources: p.sourcesRepo,
    medias: p.medias,
    storage: p.storage,
    recordings: p.recordings,
    keeper,
    localUrl: (key, from, reader) => engine.localUrl(key, from, reader),
    streamOn: (key) => engine.streamOn(key),
    liveHere: (id) => engine.liveHere(id),
    meter: p.usage.meter,
    transcodeRefused: (corporationId) => p.usage.limits.transcodeRefused(corporationId),
    ladderEncoding: () => ladderEncoder.current,
    realtime: p.realtime,
  });
  return { keeper, engine, programs, ladderEncoder };
}
