import { STREAM_ENDPOINTS } from '@stromwerk/contracts/limits';
import type { StreamEndpoint } from '@stromwerk/contracts/sources';
import type { JobsRepository } from '../jobs/jobs.repository';
import type { LeasesRepository } from '../live/leases.repository';

/**
 * The processes on this database as their heartbeats tell (issue 29): which ingest regions have a media
 * process with working ffmpeg, and whether media jobs can run. Read when health is asked, two indexed
 * statements.
 */
export type ClusterStatus = Awaited<ReturnType<typeof clusterStatus>>;

export async function clusterStatus(leases: LeasesRepository, jobs: JobsRepository) {
  const [processes, waiting] = await Promise.all([leases.aliveProcesses(), jobs.queuedCount()]);
  const mediaProcesses = Object.fromEntries(STREAM_ENDPOINTS.map((r) => [r, 0])) as Record<
    StreamEndpoint,
    number
  >;
  let workers = 0;
  for (const p of processes) {
    if (p.role === 'api' || p.mediaState !== 'ready') continue;
    workers++;
    for (const region of p.regions as StreamEndpoint[])
      if (region in mediaProcesses) mediaProcesses[region]++;
  }
  const regionsWithoutMedia = STREAM_ENDPOINTS.filter((r) => mediaProcesses[r] === 0);
  const jobsPart = {
    ok: workers > 0 || waiting === 0,
    engine: `${workers} media process${workers === 1 ? '' : 'es'}`,
    message:
      workers === 0 && waiting > 0
        ? `${waiting} job${waiting === 1 ? '' : 's'} waiting: no media process with working ffmpeg is running`
        : undefined,
    waiting,
  };
  return { processes: processes.length, mediaProcesses, regionsWithoutMedia, jobs: jobsPart };
}
