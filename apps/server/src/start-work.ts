import type { StromwerkApp } from './app';
import type { Lifecycle } from './lib/lifecycle';
import type { Placement } from './plugins/placement-config';
import type { Services } from './services';

export interface WorkOptions {
  /** Start the live media plane (RTMP ingest, publishers, targets). */
  live: boolean;
  /** Run the job worker. */
  jobs: boolean;
  placement: Placement;
  /** The first round of ffmpeg detection (media-runtime.ts): the live plane waits for it. */
  detection: Promise<unknown>;
}

/**
 * The start-up work the API does not need to answer (issue 32, item 5): ffmpeg's first answers, the live
 * plane (leases, reconciling every stream whose process is gone, the players' programs) and the job
 * worker. `npm start` runs it after the server listens, so a restart answers /v1/health within seconds
 * on a busy machine; until it is done /v1/health/ready says "starting" and the balancer sends no work.
 * Everything started is noted on `running` and stops with the app.
 */
export async function startWork(app: StromwerkApp, services: Services, running: Lifecycle, o: WorkOptions) {
  await o.detection;
  // The live plane (issue 29): leases, then the live engine (an API process runs it only to correct the
  // state of streams whose process is gone), then the players' programs on processes with media.
  const live = services.live;
  if (o.live) {
    await live.keeper.start();
    await live.engine.start();
    app.live = live.engine;
    if (o.placement.role !== 'api') {
      // The GPU trials (an ffmpeg each) only where ladders are encoded; until chosen, libx264.
      void live.ladderEncoder.choose();
      await live.programs.start();
      app.programs = live.programs;
    }
  }
  running.started('live plane', async () => {
    await app.programs?.stop();
    services.graph.stats.stop();
    await app.live?.stop();
    await live.keeper.stop();
  });
  every(60_000, 'comment sweep', () => services.comments.repo.sweep());
  every(60_000, 'clip sweep', () => services.clips.sweep());
  // Last: the worker claims from here on (once ffmpeg answered) and is the first to stop.
  if (o.jobs && o.placement.role !== 'api') {
    await services.jobWorker.start();
    running.started('job worker', () => services.jobWorker.stop());
  }

  /** A periodic sweep, stopped with the app; a failed round is logged and the next one runs. */
  function every(ms: number, name: string, sweep: () => Promise<unknown>) {
    const timer = setInterval(() => void sweep().catch((err) => app.log.warn({ err }, `${name} failed`)), ms);
    timer.unref();
    running.started(name, () => clearInterval(timer));
  }
}
