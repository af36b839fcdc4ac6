import type { RtmpIngest } from '../../plugins/rtmp-ingest';
import type { StatsReading } from '../graph/live-stats';
import type { LiveTargets } from './live-targets';
import type { StreamKeyRegistry } from './stream-keys';

/** Byte counters of a workspace's live sources and running targets (the Flowchart's stats, when watched). */
export function readingsOf(
  workspaceId: string,
  keys: StreamKeyRegistry,
  ingest: RtmpIngest | undefined,
  targets: LiveTargets,
): StatsReading[] {
  const out: StatsReading[] = [];
  for (const { key, row } of keys.inWorkspace(workspaceId)) {
    const bytes = ingest?.bytesIn(key);
    if (bytes !== undefined) out.push({ kind: 'source', id: row.id, bytes });
  }
  for (const runner of targets.runningIn(workspaceId))
    out.push({ kind: 'target', id: runner.row.id, bytes: runner.bytesSent });
  return out;
}
