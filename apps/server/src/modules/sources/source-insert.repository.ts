import { sql } from 'drizzle-orm';
import { rawRowMapper } from '../../db/raw-rows';
import { sources } from '../../db/schema/streaming';
import { workspaces } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';
import { inScope } from '../access/access.repository';
import type { TenantScope } from '../access/access.service';
import { hasRoom } from '../usage/usage.repository';
import type { NewSource, SourceRow } from './sources.repository';

const sourceFromRaw = rawRowMapper(sources);
const time = (d: Date | null | undefined) => sql`${d ? d.toISOString() : null}::timestamptz`;

/**
 * A source's create in one statement (issue 32): inserted only where `scope` lets the caller write the
 * workspace and the corporation's quota has room, its corporation taken from the workspace. Undefined
 * when nothing was inserted (no such workspace, no right, blocked, full): the caller then decides on the
 * workspace as before, for the precise answer. The room check and the insert were two statements where
 * the raw insert is one.
 */
export async function insertSourceWithRoom(
  db: Db,
  v: Omit<NewSource, 'corporationId'>,
  scope: TenantScope,
): Promise<SourceRow | undefined> {
  const w = (column: string) => sql`w.${sql.identifier(column)}`;
  const result = await db.execute(sql`insert into ${sources} (corporation_id, workspace_id, name, type,
      endpoint, stream_key, srt_port, recording, start_now, scheduled_start, media_id, loop,
      maintenance_start, maintenance_end)
    select w.corporation_id, w.id, ${v.name}::text, ${v.type}::text, ${v.endpoint}::text,
      ${v.streamKey}::text, ${v.srtPort ?? null}::integer, ${v.recording ?? false}::boolean,
      ${v.startNow ?? true}::boolean, ${time(v.scheduledStart)}, ${v.mediaId ?? null}::uuid,
      ${v.loop ?? true}::boolean, ${time(v.maintenanceStart)}, ${time(v.maintenanceEnd)}
    from ${workspaces} w
    where w.id = ${v.workspaceId}::uuid and ${inScope(scope, w('corporation_id'), w('id'))}
      and ${hasRoom('sources', w('corporation_id'))}
    returning *`);
  const [raw] = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return raw ? sourceFromRaw(raw) : undefined;
}
