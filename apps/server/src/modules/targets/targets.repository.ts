import type {
  Target,
  TargetListQuery,
  TargetSettings,
  TargetState,
  TargetType,
} from '@stromwerk/contracts/targets';
import { and, asc, count, eq, getTableColumns, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import { outputs } from '../../db/schema/outputs';
import { targets } from '../../db/schema/streaming';
import { iso, isoOrNull } from '../../lib/dates';
import type { Db } from '../../plugins/db';
import { failureCause } from '../live/failure-cause';
import { type Fence, holdsLease, unleased } from '../live/leases.repository';
import { escapeLike } from '../users/users.repository';

export type TargetRow = typeof targets.$inferSelect;
const MASK = '********';

/** Members who may only read see that a secret is set, not the secret. */
function masked(settings: TargetSettings): TargetSettings {
  if (settings.type === 'rtmp') return { ...settings, streamKey: settings.streamKey ? MASK : '' };
  if (settings.type === 'srt') return { ...settings, passphrase: settings.passphrase ? MASK : '' };
  if (settings.type === 'icecast') return { ...settings, password: MASK };
  // A platform target holds no secret: its token stays sealed with its connection.
  return settings;
}

export function toTarget(row: TargetRow, canWrite: boolean): Target {
  return {
    id: row.id,
    corporationId: row.corporationId,
    workspaceId: row.workspaceId,
    name: row.name,
    type: row.type as TargetType,
    enabled: row.enabled,
    sourceId: row.sourceId,
    outputId: row.outputId,
    settings: canWrite ? row.settings : masked(row.settings),
    state: row.state as TargetState,
    lastError: row.lastError,
    lastErrorCause: failureCause(row.lastError),
    onlineSince: isoOrNull(row.onlineSince),
    bitrateKbps: row.bitrateKbps,
    restarts: row.restarts,
    platformLive: row.platformLive ? { id: row.platformLive.id, url: row.platformLive.url } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export class TargetsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db.select().from(targets).where(eq(targets.id, id));
    return row;
  }

  async bySource(sourceId: string) {
    return this.db.select().from(targets).where(eq(targets.sourceId, sourceId));
  }

  /** Targets bound to a social connection (platform targets). */
  async bySocial(socialId: string) {
    return this.db.select().from(targets).where(sql`${targets.settings}->>'socialId' = ${socialId}`);
  }

  async byOutput(outputId: string) {
    return this.db.select().from(targets).where(eq(targets.outputId, outputId));
  }

  async insert(values: typeof targets.$inferInsert) {
    const [row] = await this.db.insert(targets).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof targets.$inferInsert>) {
    // updatedAt keeps the SET non-empty: a PUT with an empty (all-optional) body is valid, not a crash.
    const [row] = await this.db
      .update(targets)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(targets.id, id))
      .returning();
    return row;
  }

  async delete(id: string) {
    await this.db.delete(targets).where(eq(targets.id, id));
  }

  /** One statement: all of them or, on a failure, none. */
  async deleteMany(ids: readonly string[]) {
    await this.db.delete(targets).where(inArray(targets.id, [...ids]));
  }

  /** The workspace of the player a target may take its feed from; undefined when there is no such player. */
  async workspaceOfOutput(outputId: string) {
    const [row] = await this.db
      .select({ workspaceId: outputs.workspaceId })
      .from(outputs)
      .where(eq(outputs.id, outputId));
    return row?.workspaceId;
  }

  /** Targets of a workspace, or of the whole corporation when `workspaceId` is absent. */
  async countIn(scope: { corporationId: string; workspaceId?: string | null }) {
    const where = scope.workspaceId
      ? eq(targets.workspaceId, scope.workspaceId)
      : eq(targets.corporationId, scope.corporationId);
    const [r] = await this.db.select({ n: count() }).from(targets).where(where);
    return r!.n;
  }

  /** A state write by the process holding the target's lease; refused (undefined) once it lost it. */
  async updateFenced(id: string, values: Partial<typeof targets.$inferInsert>, fence: Fence) {
    const [row] = await this.db
      .update(targets)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(targets.id, id), holdsLease('target', id, fence)))
      .returning();
    return row;
  }

  /** Targets showing a running state that no process holds a lease on: their process is gone. */
  async activeWithoutOwner() {
    return this.db
      .select()
      .from(targets)
      .where(and(ne(targets.state, 'offline'), unleased('target', targets.id)));
  }

  /** After a restart no process runs: every target starts from offline. */
  async resetStates() {
    await this.db.update(targets).set({ state: 'offline', onlineSince: null, bitrateKbps: null });
  }

  async list(q: TargetListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [];
    if (workspaceIds)
      filters.push(
        inArray(
          targets.workspaceId,
          workspaceIds.length ? workspaceIds : ['00000000-0000-0000-0000-000000000000'],
        ),
      );
    if (q.workspaceId) filters.push(eq(targets.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(targets.corporationId, q.corporationId));
    if (q.sourceId) filters.push(eq(targets.sourceId, q.sourceId));
    if (q.outputId) filters.push(eq(targets.outputId, q.outputId));
    if (q.state) filters.push(eq(targets.state, q.state));
    if (q.search) filters.push(ilike(targets.name, `%${escapeLike(q.search)}%`));
    const where = filters.length ? and(...filters) : undefined;
    // Page and total in one statement; a page past the end has no row to carry the total: count then.
    const found = await this.db
      .select({ row: getTableColumns(targets), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(targets)
      .where(where)
      .orderBy(asc(targets.name), asc(targets.id))
      .limit(q.limit)
      .offset(q.offset);
    const total =
      found[0]?.total ??
      (q.offset > 0 ? (await this.db.select({ n: count() }).from(targets).where(where))[0]!.n : 0);
    return { rows: found.map((f) => f.row), total };
  }
}
