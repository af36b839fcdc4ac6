import type { SourceListQuery, SourceState } from '@stromwerk/contracts/sources';
import { sourceTypes } from '@stromwerk/contracts/sources';
import {
  and,
  asc,
  count,
  eq,
  getTableColumns,
  gt,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rawRowMapper } from '../../db/raw-rows';
import { sources } from '../../db/schema/streaming';
import type { Db } from '../../plugins/db';
import type { TenantScope } from '../access/access.service';
import { type Fence, holdsLease, unleased } from '../live/leases.repository';
import { escapeLike } from '../users/users.repository';
import { prepareSourceInsertInScope } from './source-insert.repository';

export type SourceRow = typeof sources.$inferSelect;

// A row's state and its API shape live beside the repository (source-state.ts); imported from here as before.
export { sourceState, toSource } from './source-state';

/** sourceState in SQL, so the state filter and the count stay in the query. */
function stateSql(now: Date): SQL<SourceState> {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql<SourceState>`case
    when ${sources.maintenanceStart} is not null and ${sources.maintenanceEnd} is not null
      and ${sources.maintenanceStart} <= ${at} and ${at} < ${sources.maintenanceEnd} then 'maintenance'
    when ${sources.live} then 'live'
    when ${sources.scheduledStart} > ${at} then 'scheduled'
    else 'offline' end`;
}

/** What a create sets on a new source. */
export type NewSource = Pick<
  typeof sources.$inferInsert,
  | 'corporationId'
  | 'workspaceId'
  | 'name'
  | 'type'
  | 'endpoint'
  | 'streamKey'
  | 'srtPort'
  | 'recording'
  | 'startNow'
  | 'scheduledStart'
  | 'mediaId'
  | 'loop'
  | 'maintenanceStart'
  | 'maintenanceEnd'
>;

const sourceFromRaw = rawRowMapper(sources);
type RawPrepared = { all(params: object): Promise<Record<string, unknown>[]> };

export class SourcesRepository {
  /**
   * The most frequent list, one workspace's page with no other filter, built once (a named prepared
   * statement on PostgreSQL): building the query took about a seventh of such a request's CPU.
   */
  private readonly workspacePage;
  /**
   * A source by id, built once and prepared (issue 32: building a three-table select and planning it took
   * most of a `GET /v1/sources/{id}`, 0.05x of its raw query; the access decision needs only the row's
   * workspace and corporation, `AccessService.resourceOfRow`).
   */
  private readonly byIdPrepared;
  /**
   * The insert of a create, built once and prepared (issue 32: building the statement was a sixth of a
   * create's CPU on PostgreSQL, and the database parsed and planned it every time).
   */
  private readonly insertPrepared;
  private readonly insertInScope: ReturnType<typeof prepareSourceInsertInScope>;

  constructor(private readonly db: Db) {
    this.insertInScope = prepareSourceInsertInScope(db);
    const set = (name: keyof NewSource) => sql.placeholder(name);
    // A time or null, passed as ISO text: Drizzle's own encoder of a placeholder cannot take a null.
    const time = (name: keyof NewSource) => sql`${sql.placeholder(name)}::timestamptz`;
    this.insertPrepared = db
      .insert(sources)
      .values({
        corporationId: set('corporationId'),
        workspaceId: set('workspaceId'),
        name: set('name'),
        type: set('type'),
        endpoint: set('endpoint'),
        streamKey: set('streamKey'),
        srtPort: set('srtPort'),
        recording: set('recording'),
        startNow: set('startNow'),
        scheduledStart: time('scheduledStart'),
        mediaId: set('mediaId'),
        loop: set('loop'),
        maintenanceStart: time('maintenanceStart'),
        maintenanceEnd: time('maintenanceEnd'),
      })
      .returning()
      .prepare('stromwerk_source_insert');
    this.byIdPrepared = db
      .select()
      .from(sources)
      .where(eq(sources.id, sql.placeholder('id')))
      .prepare('stromwerk_source_by_id');
    this.workspacePage = db
      .select({ row: getTableColumns(sources), total: sql<number>`count(*) over ()`.as('total') })
      .from(sources)
      .where(eq(sources.workspaceId, sql.placeholder('workspaceId')))
      .orderBy(asc(sources.name), asc(sources.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare('stromwerk_sources_of_workspace');
  }

  /** The most frequent page, read raw and mapped by `rawRowMapper` (a third faster at 200 rows). */
  private async workspacePageRows(workspaceId: string, limit: number, offset: number) {
    // `all` (both drivers' prepared queries have it; Drizzle's select type does not name it): raw rows.
    const prepared = this.workspacePage as unknown as RawPrepared;
    const raw = await prepared.all({ workspaceId, limit, offset });
    return raw.map((r) => ({ row: sourceFromRaw(r), total: Number(r.total) }));
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(sources).where(eq(sources.id, id));
    return row;
  }

  /** The source, for a caller's access decision (`AccessService.resourceOfRow`), in one prepared statement. */
  async byIdForAccess(id: string) {
    const [row] = await this.byIdPrepared.execute({ id });
    return row;
  }

  /** True when the source belongs to this workspace. */
  async isInWorkspace(id: string, workspaceId: string) {
    const [row] = await this.db
      .select({ id: sources.id })
      .from(sources)
      .where(and(eq(sources.id, id), eq(sources.workspaceId, workspaceId)));
    return !!row;
  }

  async byKey(streamKey: string) {
    const [row] = await this.db.select().from(sources).where(eq(sources.streamKey, streamKey));
    return row;
  }

  /**
   * What the publish check needs of every source, read once when the live plane starts (the registry is
   * then changed per event, never read again in full).
   */
  async keyed() {
    return this.db
      .select({
        id: sources.id,
        streamKey: sources.streamKey,
        corporationId: sources.corporationId,
        workspaceId: sources.workspaceId,
        type: sources.type,
        endpoint: sources.endpoint,
        maintenanceStart: sources.maintenanceStart,
        maintenanceEnd: sources.maintenanceEnd,
        live: sources.live,
        recording: sources.recording,
      })
      .from(sources);
  }

  /** Sources fed by a process of ours (demo, re-live, SRT listener): the only ones a start looks at. */
  withPublisher() {
    // Named, not `<> 'rtmp'`: without fresh statistics (a bulk import) the planner reads the whole table
    // for an inequality but takes the index (sources_publisher_idx) for a list of values.
    return this.db.select().from(sources).where(inArray(sources.type, PUBLISHER_TYPES));
  }

  /** The next moment after `after` at which a scheduled start or a maintenance window begins or ends. */
  async nextScheduleTime(after: Date): Promise<Date | undefined> {
    const result = await this.db.execute(nextScheduleQuery(after));
    const next = (result.rows[0] as { next: string | Date | null } | undefined)?.next;
    return next ? new Date(next) : undefined;
  }

  /** Sources whose scheduled start or maintenance window began or ended in (from, to]. */
  async scheduleBetween(from: Date, to: Date) {
    const inRange = (column: AnyPgColumn) => and(gt(column, from), lte(column, to));
    return this.db
      .select()
      .from(sources)
      .where(
        or(
          inRange(sources.scheduledStart),
          inRange(sources.maintenanceStart),
          inRange(sources.maintenanceEnd),
        ),
      );
  }

  /** The live sources of a corporation (a block disconnects them). */
  async liveOf(corporationId: string) {
    return this.db
      .select()
      .from(sources)
      .where(and(eq(sources.corporationId, corporationId), eq(sources.live, true)));
  }

  /** Which of these ids still exist (sources deleted with their workspace leave no event of their own). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: sources.id })
      .from(sources)
      .where(inArray(sources.id, [...ids]));
    return new Set(rows.map((r) => r.id));
  }

  /** A new source, in one prepared statement (what a create may set; the rest takes the table's defaults). */
  /** `prepareSourceInsertInScope`: the create in one statement, where the caller may and the quota has room. */
  insertWithRoom(values: Omit<NewSource, 'corporationId'>, scope: TenantScope) {
    return this.insertInScope(values, scope);
  }

  async insert(values: NewSource) {
    const [row] = await this.insertPrepared.execute({
      ...values,
      srtPort: values.srtPort ?? null,
      recording: values.recording ?? false,
      startNow: values.startNow ?? true,
      scheduledStart: values.scheduledStart?.toISOString() ?? null,
      mediaId: values.mediaId ?? null,
      loop: values.loop ?? true,
      maintenanceStart: values.maintenanceStart?.toISOString() ?? null,
      maintenanceEnd: values.maintenanceEnd?.toISOString() ?? null,
    });
    return row!;
  }

  async update(id: string, values: Partial<typeof sources.$inferInsert>) {
    // updatedAt keeps the SET non-empty: a PUT with an empty (all-optional) body is valid, not a crash.
    const [row] = await this.db
      .update(sources)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(sources.id, id))
      .returning();
    return row;
  }

  /**
   * A live-state write by the process holding the source's lease (issue 19): refused (undefined) when
   * `fence` no longer holds it, so a process that lost its lease cannot overwrite its successor's state.
   */
  async updateFenced(id: string, values: Partial<typeof sources.$inferInsert>, fence: Fence) {
    const [row] = await this.db
      .update(sources)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(sources.id, id), holdsLease('source', id, fence)))
      .returning();
    return row;
  }

  /** Sources marked live that no process holds a lease on: their ingest process is gone. */
  liveWithoutOwner() {
    return this.db
      .select()
      .from(sources)
      .where(and(eq(sources.live, true), unleased('source', sources.id)));
  }

  async delete(id: string) {
    await this.db.delete(sources).where(eq(sources.id, id));
  }

  /** The same change to every id in one statement (one transaction): all of them or, on a failure, none. */
  async updateMany(ids: readonly string[], values: Partial<typeof sources.$inferInsert>) {
    return this.db
      .update(sources)
      .set({ ...values, updatedAt: new Date() })
      .where(inArray(sources.id, [...ids]))
      .returning();
  }

  /** One statement: all of them or, on a failure, none. */
  async deleteMany(ids: readonly string[]) {
    await this.db.delete(sources).where(inArray(sources.id, [...ids]));
  }

  async usedSrtPorts() {
    const rows = await this.db
      .select({ port: sources.srtPort })
      .from(sources)
      .where(isNotNull(sources.srtPort));
    return new Set(rows.map((r) => r.port!));
  }

  async countIn(scope: { corporationId: string; workspaceId?: string | null }) {
    const where = scope.workspaceId
      ? eq(sources.workspaceId, scope.workspaceId)
      : eq(sources.corporationId, scope.corporationId);
    const [r] = await this.db.select({ n: count() }).from(sources).where(where);
    return r!.n;
  }

  /**
   * `workspaceIds` undefined: no restriction (platform admin). One statement: the page, its filters (state
   * computed in SQL from the clock) and the total (a window count over the same filters).
   */
  async list(q: SourceListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [];
    if (workspaceIds)
      filters.push(
        inArray(
          sources.workspaceId,
          workspaceIds.length ? workspaceIds : ['00000000-0000-0000-0000-000000000000'],
        ),
      );
    if (q.workspaceId) filters.push(eq(sources.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(sources.corporationId, q.corporationId));
    if (q.type) filters.push(eq(sources.type, q.type));
    if (q.search) filters.push(ilike(sources.name, `%${escapeLike(q.search)}%`));
    if (q.state) filters.push(eq(stateSql(new Date()), q.state));
    const where = filters.length ? and(...filters) : undefined;
    // One workspace and nothing else (a member's allowed workspaces add nothing when it is among them).
    const one = q.workspaceId;
    const onePage =
      one && filters.length === (workspaceIds ? 2 : 1) && (!workspaceIds || workspaceIds.includes(one));
    const found = onePage
      ? await this.workspacePageRows(one, q.limit, q.offset)
      : await this.db
          .select({ row: getTableColumns(sources), total: sql<number>`count(*) over ()`.mapWith(Number) })
          .from(sources)
          .where(where)
          .orderBy(asc(sources.name), asc(sources.id))
          .limit(q.limit)
          .offset(q.offset);
    // A page past the end has no row to carry the total: count then.
    const total =
      found[0]?.total ??
      (q.offset > 0 ? (await this.db.select({ n: count() }).from(sources).where(where))[0]!.n : 0);
    return { rows: found.map((f) => f.row), total };
  }
}

/** The source types whose feed a process of ours runs. */
const PUBLISHER_TYPES = sourceTypes.filter((type) => type !== 'rtmp' && type !== 'whip');

/** The query of nextScheduleTime: three look-ups in partial indexes (sources_*_idx), none reads the table. */
export function nextScheduleQuery(after: Date) {
  const at = sql`${after.toISOString()}::timestamptz`;
  return sql`SELECT least(
    (SELECT min(scheduled_start) FROM sources WHERE scheduled_start > ${at}),
    (SELECT min(maintenance_start) FROM sources WHERE maintenance_start > ${at}),
    (SELECT min(maintenance_end) FROM sources WHERE maintenance_end > ${at})) AS next`;
}
