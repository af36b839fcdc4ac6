import type { OutputListQuery } from '@stromwerk/contracts/outputs';
import { and, asc, count, eq, getTableColumns, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import { outputs } from '../../db/schema/outputs';
import { withTransaction } from '../../db/transaction';
import type { Db } from '../../plugins/db';
import { scopeCondition, scopeParams } from '../access/access.repository';
import type { TenantScope } from '../access/access.service';
import { type Fence, holdsLease } from '../live/leases.repository';
import { escapeLike } from '../users/users.repository';

export type OutputRow = typeof outputs.$inferSelect;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

export class OutputsRepository {
  /**
   * A player by id, built once and prepared: a get, update or delete of a player costs this one statement
   * before its own work; the access decision needs nothing more than the row's workspace and corporation
   * (`AccessService.resourceOfRow`; joining them took a get to 0.44x of its raw query, issue 32).
   */
  private readonly byIdPrepared;
  /**
   * A player's edit (`PUT /v1/outputs/{id}`), built once and prepared like the look-up before it: building
   * and planning the update was a sixth of an edit's CPU (issue 32). Name and passwords stay as they are
   * when not given (null).
   */
  private readonly editPrepared;
  /**
   * A player's edit that names no source or media (a rename, passwords, a behaviour), with the caller's
   * tenancy in the same statement (`AccessService.scope`): one statement instead of a look-up and an edit
   * (issue 32). The changed settings are merged into the stored ones in the database (`||`, top-level
   * keys, as the service merges them).
   */
  private readonly editInScopePrepared;

  constructor(private readonly db: Db) {
    this.byIdPrepared = db
      .select()
      .from(outputs)
      .where(eq(outputs.id, sql.placeholder('id')))
      .prepare('stromwerk_output_by_id');
    this.editPrepared = db
      .update(outputs)
      .set({
        name: sql`coalesce(${sql.placeholder('name')}, ${outputs.name})`,
        passwords: sql`coalesce(${sql.placeholder('passwords')}::jsonb, ${outputs.passwords})`,
        settings: sql`${sql.placeholder('settings')}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(eq(outputs.id, sql.placeholder('id')))
      .returning()
      .prepare('stromwerk_output_edit');
    this.editInScopePrepared = db
      .update(outputs)
      .set({
        name: sql`coalesce(${sql.placeholder('name')}, ${outputs.name})`,
        passwords: sql`coalesce(${sql.placeholder('passwords')}::jsonb, ${outputs.passwords})`,
        settings: sql`${outputs.settings} || ${sql.placeholder('changes')}::jsonb`,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(outputs.id, sql.placeholder('id')),
          scopeCondition(
            sql`${outputs.corporationId}`,
            sql`${outputs.workspaceId}`,
            sql`${sql.placeholder('all')}`,
            sql`${sql.placeholder('corporations')}`,
            sql`${sql.placeholder('workspaces')}`,
          ),
        ),
      )
      .returning()
      .prepare('stromwerk_output_edit_in_scope');
  }

  /**
   * `edit` with its changes merged into the stored settings, where `scope` reaches the player; undefined
   * when it does not (or there is no such player): the caller decides that case on the row.
   */
  async editInScope(
    id: string,
    scope: TenantScope,
    values: { name?: string; passwords?: string[]; changes: Partial<OutputRow['settings']> },
  ) {
    const [row] = await this.editInScopePrepared.execute({
      id,
      ...scopeParams(scope),
      name: values.name ?? null,
      passwords: values.passwords === undefined ? null : JSON.stringify(values.passwords),
      changes: JSON.stringify(values.changes),
    });
    return row;
  }

  /** A player's settings replaced, and its name and passwords when given, in one prepared statement. */
  async edit(id: string, values: { name?: string; passwords?: string[]; settings: OutputRow['settings'] }) {
    const [row] = await this.editPrepared.execute({
      id,
      name: values.name ?? null,
      passwords: values.passwords === undefined ? null : JSON.stringify(values.passwords),
      settings: JSON.stringify(values.settings),
    });
    return row;
  }

  async byIdForAccess(id: string) {
    const [row] = await this.byIdPrepared.execute({ id });
    return row;
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(outputs).where(eq(outputs.id, id));
    return row;
  }

  /** Players showing a source as main or backup (indexed: migration 0020). */
  referencing(sourceId: string) {
    return this.db
      .select()
      .from(outputs)
      .where(
        sql`(${outputs.settings}->>'mainSourceId') = ${sourceId} OR (${outputs.settings}->>'backupSourceId') = ${sourceId}`,
      );
  }

  /** Players whose fallback is this media. */
  withFallback(mediaId: string) {
    return this.db.select().from(outputs).where(sql`(${outputs.settings}->>'fallbackMediaId') = ${mediaId}`);
  }

  /**
   * Players a starting process looks at: those showing something, with a fallback, or whose source is
   * live. The others are offline and stay so until an event about them.
   */
  needingAttention() {
    return this.db
      .select({ id: outputs.id })
      .from(outputs)
      .where(
        sql`${outputs.input} <> 'offline' OR (${outputs.settings}->>'fallbackMediaId') IS NOT NULL
          OR EXISTS (SELECT 1 FROM sources s WHERE s.live
            AND s.id IN (${settingsUuid('mainSourceId')}, ${settingsUuid('backupSourceId')}))`,
      );
  }

  /** The program's state, written by the holder of the output's lease only (issue 29). */
  async updateFenced(id: string, values: Partial<typeof outputs.$inferInsert>, fence: Fence) {
    const [row] = await this.db
      .update(outputs)
      .set(values)
      .where(and(eq(outputs.id, id), holdsLease('output', id, fence)))
      .returning();
    return row;
  }

  async insert(values: typeof outputs.$inferInsert) {
    const [row] = await this.db.insert(outputs).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof outputs.$inferInsert>) {
    const [row] = await this.db.update(outputs).set(values).where(eq(outputs.id, id)).returning();
    return row;
  }

  async delete(id: string) {
    await this.db.delete(outputs).where(eq(outputs.id, id));
  }

  /** Each row its own values, in one transaction: all of them or, on a failure, none. */
  updateEach(changes: readonly { id: string; values: Partial<typeof outputs.$inferInsert> }[]) {
    return withTransaction(this.db, async (tx) => {
      const rows: OutputRow[] = [];
      for (const { id, values } of changes) {
        const [row] = await tx.update(outputs).set(values).where(eq(outputs.id, id)).returning();
        if (row) rows.push(row);
      }
      return rows;
    });
  }

  /** One statement: all of them or, on a failure, none. */
  async deleteMany(ids: readonly string[]) {
    await this.db.delete(outputs).where(inArray(outputs.id, [...ids]));
  }

  /** Adds to the counters in one statement, so several server processes never lose an increment. */
  async addStatistics(id: string, add: { views?: number; watchSeconds?: number; peak?: number }) {
    await this.db
      .update(outputs)
      .set({
        views: sql`${outputs.views} + ${add.views ?? 0}`,
        watchSeconds: sql`${outputs.watchSeconds} + ${Math.round(add.watchSeconds ?? 0)}`,
        peakViewers: sql`greatest(${outputs.peakViewers}, ${add.peak ?? 0})`,
      })
      .where(eq(outputs.id, id));
  }

  async countIn(scope: { corporationId?: string; workspaceId?: string | null }) {
    const where = scope.workspaceId
      ? eq(outputs.workspaceId, scope.workspaceId)
      : eq(outputs.corporationId, scope.corporationId ?? NO_WORKSPACE);
    const [r] = await this.db.select({ n: count() }).from(outputs).where(where);
    return r!.n;
  }

  async list(q: OutputListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [];
    if (workspaceIds)
      filters.push(inArray(outputs.workspaceId, workspaceIds.length ? workspaceIds : [NO_WORKSPACE]));
    if (q.workspaceId) filters.push(eq(outputs.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(outputs.corporationId, q.corporationId));
    if (q.search) filters.push(ilike(outputs.name, `%${escapeLike(q.search)}%`));
    const where = filters.length ? and(...filters) : undefined;
    // Page and total in one statement; a page past the end has no row to carry the total: count then.
    const found = await this.db
      .select({ row: getTableColumns(outputs), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(outputs)
      .where(where)
      .orderBy(asc(outputs.name), asc(outputs.id))
      .limit(q.limit)
      .offset(q.offset);
    const total =
      found[0]?.total ??
      (q.offset > 0 ? (await this.db.select({ n: count() }).from(outputs).where(where))[0]!.n : 0);
    return { rows: found.map((f) => f.row), total };
  }
}

/**
 * A source id from a player's settings as a uuid (null when absent or not one), so a look-up by it uses
 * the primary key: compared as text, every player's check read all sources (10,001 rows at an install's
 * size, on every start).
 */
function settingsUuid(key: 'mainSourceId' | 'backupSourceId') {
  const value = sql`(${outputs.settings}->>${sql.raw(`'${key}'`)})`;
  return sql`CASE WHEN ${value} ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' THEN ${value}::uuid END`;
}
