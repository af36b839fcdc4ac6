import type { MediaRuntime } from '@stromwerk/media/media-runtime';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import type { RecordingsService } from '../medias/recordings.service';
import type { OutputsRepository } from '../outputs/outputs.repository';
import type { SourceRow, SourcesRepository } from '../sources/sources.repository';
import type { StreamInfosService } from '../stream-infos/stream-infos.service';
import type { TargetsRepository } from '../targets/targets.repository';
import type { UsageMeter } from '../usage/usage-meter';
import type { LeaseKeeper } from './lease-keeper';
import type { LiveEvents } from './live-events';
import type { SourceNews } from './live-source-info';
import type { PlatformGoLive } from './live-targets';
import type { RegionGate } from './region-gate';
import { type PublisherContext, shouldPublish } from './source-publishers';

/** What the live plane of a process is built from (the composition root, build-live.ts, gives it all). */
export interface LiveEngineDeps {
  config: Config;
  media: MediaRuntime;
  /** ROLE: an API process runs the plane without an ingest (it corrects the state of dead owners only). */
  role: 'all' | 'media' | 'api';
  /** PostgreSQL: other processes may share the database. */
  cluster: boolean;
  sources: SourcesRepository;
  targetsRepo: TargetsRepository;
  streamInfos: StreamInfosService;
  news: SourceNews;
  events: EventBus;
  liveEvents: LiveEvents;
  keeper: LeaseKeeper;
  log: FastifyBaseLogger;
  /** Which sources' publishes this process takes (INGEST_REGION) and which SRT listeners it runs. */
  regions: RegionGate;
  mediaFile: PublisherContext['mediaFile'];
  blockedCorporations(): Promise<string[]>;
  isCorporationBlocked(id: string): Promise<boolean>;
  /** The program playlist of a player that is showing something, for targets fed by it. */
  programFeed(outputId: string): Promise<string | undefined>;
  /** Recordings of live sessions: made on shared storage, joined into media (issue 29, item 7). */
  recordings: RecordingsService;
  /** Players, for the owners of recordings left by an earlier version. */
  outputsRepo: OutputsRepository;
  /** Ingest, target and recording time and pushed bytes are metered (issue 17). */
  meter: UsageMeter;
  /** A corporation past its monthly live hours: its NEW publishes are refused (running ones go on). */
  liveRefused(corporationId: string): boolean;
  /** Going live through social connections (platform targets). */
  platform: PlatformGoLive;
}

/** Whether the source wants its publisher process now and this process may run it (type, time, region). */
export function wantsPublisherHere(deps: Pick<LiveEngineDeps, 'regions'>, row: SourceRow, now = new Date()) {
  return shouldPublish(row, now) && deps.regions.runsPublisher(row);
}
