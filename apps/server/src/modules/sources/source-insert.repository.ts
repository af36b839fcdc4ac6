import { sql } from 'drizzle-orm';
import { prepareSql } from '../../db/prepared-sql';
import { rawRowMapper } from '../../db/raw-rows';
import { sources } from '../../db/schema/streaming';
import { workspaces } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';
import { scopeCondition, scopeParams } from '../access/access.repository';
import type { TenantScope } from '../access/access.service';
import { hasRoom } from '../usage/usage.repository';
import type { NewSource, SourceRow } from './sources.repository';

const sourceFromRaw = rawRowMapper(sources);
const w = (column: string) => sql`w.${sql.identifier(column)}`;
const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/**
 * A source's create in one statement (issue 32): inserted only where `scope` lets the caller write the
 * workspace and the corporation's quota has room, its corporation taken from the workspace. Undefined
 * when nothing was inserted (no such workspace, no right, blocked, full): the caller then decides on the
 * workspace as before, for the precise answer. The room check and the insert were two statements where
 * the raw insert is one. Built once per database (`prepareSql`); the caller's scope is three values.
 */
export function prepareSourceInsertInScope(db: Db) {
  const insert = prepareSql(
    db,
    'stromwerk_source_insert_in_scope',
    sql`insert into ${sources} (corporation_id, workspace_id, name, type, endpoint, stream_key, srt_port,
      recording, start_now, scheduled_start, media_id, loop, maintenance_start, maintenance_end)
    select w.corporation_id, w.id, ${p('name', 'text')}, ${p('type', 'text')}, ${p('endpoint', 'text')},
      ${p('streamKey', 'text')}, ${p('srtPort', 'integer')}, ${p('recording', 'boolean')},
      ${p('startNow', 'boolean')}, ${p('scheduledStart', 'timestamptz')}, ${p('mediaId', 'uuid')},
      ${p('loop', 'boolean')}, ${p('maintenanceStart', 'timestamptz')}, ${p('maintenanceEnd', 'timestamptz')}
    from ${workspaces} w
    where w.id = ${p('workspaceId', 'uuid')}
      and ${scopeCondition(w('corporation_id'), w('id'), sql`${sql.placeholder('all')}`, sql`${sql.placeholder('corporations')}`, sql`${sql.placeholder('workspaces')}`)}
      and ${hasRoom('sources', w('corporation_id'))}
    returning *`,
  );
  // Times go as ISO text with a cast: the placeholder encoder takes no null Date.
  const time = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return async (v: Omit<NewSource, 'corporationId'>, scope: TenantScope): Promise<SourceRow | undefined> => {
    const [raw] = await insert({
      name: v.name,
      type: v.type,
      endpoint: v.endpoint,
      streamKey: v.streamKey,
      srtPort: v.srtPort ?? null,
      recording: v.recording ?? false,
      startNow: v.startNow ?? true,
      scheduledStart: time(v.scheduledStart),
      mediaId: v.mediaId ?? null,
      loop: v.loop ?? true,
      maintenanceStart: time(v.maintenanceStart),
      maintenanceEnd: time(v.maintenanceEnd),
      workspaceId: v.workspaceId,
      ...scopeParams(scope),
    });
    return raw ? sourceFromRaw(raw) : undefined;
  };
}
