import { join, resolve } from 'node:path';
import type { MediaCapabilities } from '@stromwerk/media/capabilities';
import { setProcessOwner, sweepOrphans } from '@stromwerk/media/orphans';
import type { FastifyBaseLogger } from 'fastify';
import { sharedRoot } from '../../plugins/config';
import type { Services } from '../../services';
import { CorporationsRepository } from '../corporations/corporations.repository';
import { storedInput } from '../medias/media-input';
import { programDir } from '../outputs/program-engine';
import { clusterControl } from './cluster-control';
import { LeasesRepository } from './leases.repository';
import { LiveEngine } from './live-engine';
import { RegionGate } from './region-gate';
import { SourcePreviews } from './source-previews';

const COPYABLE = { video: ['h264'], audio: ['aac'] };

/** Builds the live engine from the service container and hands it to the services that report changes. */
export async function startLiveEngine(
  services: Services,
  capabilities: MediaCapabilities,
  log: FastifyBaseLogger,
) {
  const corporations = new CorporationsRepository(services.database.db);
  // Media processes a killed server left behind would write next to the ones started now: kill them
  // first, then mark ours so the next start can do the same (packages/media/src/orphans.ts).
  const owner = resolve(services.config.dataDir);
  const swept = await sweepOrphans(owner);
  if (swept.length > 0) log.warn({ pids: swept }, 'killed media processes left by a previous run');
  setProcessOwner(owner);
  const engine = new LiveEngine({
    meter: services.usage.meter,
    liveRefused: (corporationId) => services.usage.limits.liveRefused(corporationId),
    config: services.config,
    capabilities,
    sources: services.sources,
    targets: services.targets,
    streamInfos: services.streamInfos,
    events: services.events,
    log,
    leases: new LeasesRepository(services.database.db),
    regions: new RegionGate(services.config.placement, log),
    singleProcess: !services.database.listen,
    recordings: services.recordings,
    platform: services.socialLive,
    async programFeed(outputId) {
      const output = await services.outputs.repo.byId(outputId);
      if (!output || output.input === 'offline') return undefined;
      return join(programDir(sharedRoot(services.config), outputId), 'index.m3u8');
    },
    async mediaFile(mediaId) {
      const media = await services.medias.repo.readyById(mediaId);
      const file = media?.files[0];
      if (!media || !file) return null;
      const probe = media.probe as { video?: { codec?: string }; audio?: { codec?: string } } | null;
      const copyable =
        !!probe?.video?.codec &&
        COPYABLE.video.includes(probe.video.codec) &&
        (!probe.audio || COPYABLE.audio.includes(probe.audio.codec ?? ''));
      return { input: await storedInput(services.storage, media, file), copyable };
    },
    notify: (row, kind) =>
      services.notifications.notifyWorkspace(row.corporationId, row.workspaceId, {
        kind,
        entity: 'source',
        entityId: row.id,
        data: { name: row.name },
      }),
    async isCorporationBlocked(id) {
      return (await corporations.byId(id))?.blocked ?? false;
    },
  });
  await engine.start();
  const cluster = clusterControl(engine, services.database.listen, {
    sources: services.sources.repo,
    targets: services.targets.repo,
    outputs: services.outputs.repo,
    programs: () => services.outputs.live,
    events: services.events,
    log,
  });
  engine.onStop(async () => {
    await cluster.handOver(engine.leases.releasedSources);
    await cluster.close();
  });
  void services.recordings
    .recoverLeftovers(async (id) => (await services.sources.repo.byId(id)) ?? services.outputs.repo.byId(id))
    .catch((err) => log.error({ err }, 'importing left-over recordings failed'));
  services.sources.live = cluster.control;
  services.sources.previews = new SourcePreviews(services.config.dataDir, services.config.ffmpegPath, (key) =>
    engine.localUrl(key),
  );
  services.targets.live = cluster.control;
  return engine;
}
