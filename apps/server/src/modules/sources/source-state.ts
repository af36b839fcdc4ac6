import type { Source, SourceState, SourceType, StreamEndpoint } from '@stromwerk/contracts/sources';
import { type SQL, sql } from 'drizzle-orm';
import { sources } from '../../db/schema/streaming';
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

/** sourceState in SQL, so the state filter and the count stay in the query. */
export function stateSql(now: Date): SQL<SourceState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<SourceState>`case
    when ${sources.maintenanceStart} is not null and ${sources.maintenanceEnd} is not null
      and ${sources.maintenanceStart} <= ${at} and ${at} < ${sources.maintenanceEnd} then 'maintenance'
    when ${sources.live} then 'live'
    when ${sources.scheduledStart} > ${at} then 'scheduled'
    else 'offline' end`;
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
