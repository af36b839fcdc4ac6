import type { MediaCapabilities } from '@stromwerk/media/capabilities';
import type { FastifyBaseLogger } from 'fastify';
import type { EventBus } from '../../lib/events';
import type { Config } from '../../plugins/config';
import type { SourceRow } from '../sources/sources.repository';
import type { SourcesService } from '../sources/sources.service';
import type { StreamInfosService } from '../stream-infos/stream-infos.service';
import type { TargetsService } from '../targets/targets.service';
import type { UsageMeter } from '../usage/usage-meter';
import type { LeasesRepository } from './leases.repository';
import type { RecordingSink } from './live-recordings';
import type { PlatformGoLive } from './live-targets';
import type { RegionGate } from './region-gate';
import type { PublisherContext } from './source-publishers';

export interface LiveEngineDeps {
  config: Config;
  capabilities: MediaCapabilities;
  sources: SourcesService;
  targets: TargetsService;
  streamInfos: StreamInfosService;
  events: EventBus;
  log: FastifyBaseLogger;
  leases: LeasesRepository;
  /** Which sources' publishes this process takes (INGEST_REGION) and which SRT listeners it runs. */
  regions: RegionGate;
  /** PGlite: this is the only process, so leases a previous run left are nobody's. */
  singleProcess: boolean;
  mediaFile: PublisherContext['mediaFile'];
  isCorporationBlocked(id: string): Promise<boolean>;
  /** The program playlist of a player that is showing something, for targets fed by it. */
  programFeed(outputId: string): Promise<string | undefined>;
  /** Where live sessions of sources with recording on are written, and what becomes of them. */
  recordings: RecordingSink;
  /** Ingest, target and recording time and pushed bytes are metered (issue 17). */
  meter?: UsageMeter;
  /** A corporation past its monthly live hours: its NEW publishes are refused (running ones go on). */
  liveRefused?(corporationId: string): boolean;
  /** Going live through social connections (platform targets). */
  platform?: PlatformGoLive;
  /** Stored notification for the workspace's members: a stream began or ended. */
  notify(row: SourceRow, kind: 'stream-live' | 'stream-offline'): Promise<unknown>;
}
