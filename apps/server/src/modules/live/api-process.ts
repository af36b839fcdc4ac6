import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Services } from '../../services';
import { clusterControl } from './cluster-control';
import { LEASE_RENEW_MS } from './lease-state';
import { LeasesRepository } from './leases.repository';

/**
 * The live side of an API process (ROLE=api, issue 19): it runs no ingest, takes no live leases and starts
 * no live-plane ffmpeg (and app.ts starts no job worker). What it keeps:
 * - control: rotate-key, block, delete, stop and target changes are sent over LISTEN/NOTIFY to the media
 *   process that owns the stream (cluster-control.ts), which disconnects the encoder; player changes to
 *   every media process, which decide the player at once;
 * - players: the play service reads playlists and segments from SHARED_DIR/hls (written by the output's
 *   owner) on every process, and counts viewers in the cluster's live_viewers;
 * - a `process` heartbeat, so processes starting later see a cluster (cluster-mode.ts) and monitoring
 *   counts it. Only that lease: the expired leases of dead processes are left to the media processes,
 *   which correct their state.
 */
export function startApiProcess(services: Services, log: FastifyBaseLogger) {
  const cluster = clusterControl(undefined, services.database.listen, {
    sources: services.sources.repo,
    targets: services.targets.repo,
    outputs: services.outputs.repo,
    programs: () => undefined,
    events: services.events,
    log,
  });
  services.sources.live = cluster.control;
  services.targets.live = cluster.control;
  services.outputs.live = {
    outputChanged: (row) => cluster.outputChanged(row.id),
    outputRemoved: (id) => cluster.outputRemoved(id),
  };

  const leases = new LeasesRepository(services.database.db);
  const me = `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
  const processId = randomUUID();
  const beat = () =>
    leases
      .claim('process', processId, me)
      .catch((err) => log.warn({ err }, 'writing the process heartbeat failed'));
  void beat();
  const timer = setInterval(beat, LEASE_RENEW_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await leases.releaseAll(me).catch((err) => log.warn({ err }, 'releasing the heartbeat failed'));
      await cluster.close();
    },
  };
}
