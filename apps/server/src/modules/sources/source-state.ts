import type { Source, SourceState, SourceType, StreamEndpoint } from '@stromwerk/contracts/sources';
import { iso, isoOrNull } from '../../lib/dates';
import { failureCause } from '../live/failure-cause';
import type { SourceRow } from './sources.repository';

/** offline / live / scheduled / maintenance, from the stored facts and the clock. */
export function sourceState(row: SourceRow, now = new Date()): SourceState {
  if (row.maintenanceStart && row.maintenanceEnd && row.maintenanceStart <= now && now < row.maintenanceEnd)
    return 'maintenance';
  if (row.live) return 'live';
  if (row.scheduledStart && row.scheduledStart > now) return 'scheduled';
  return 'offline';
}

export function toSource(row: SourceRow, ingestUrl: string | null): Source {
  return {
    id: row.id,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    name: row.name,
    type: row.type as SourceType,
    endpoint: row.endpoint as StreamEndpoint,
    recording: row.recording,
    startNow: row.startNow,
    scheduledStart: isoOrNull(row.scheduledStart),
    mediaId: row.mediaId,
    loop: row.loop,
    maintenanceStart: isoOrNull(row.maintenanceStart),
    maintenanceEnd: isoOrNull(row.maintenanceEnd),
    state: sourceState(row),
    streamStart: isoOrNull(row.streamStart),
    streamInfo: row.streamInfo ?? null,
    lastError: row.lastError,
    lastErrorCause: failureCause(row.lastError),
    ingestUrl,
    meta: row.meta,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}
