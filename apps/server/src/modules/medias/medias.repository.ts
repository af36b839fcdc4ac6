import type { ByOriginQuery, MediaListQuery } from '@stromwerk/contracts/medias';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  lte,
  or,
  type SQL,
  sql,
  sum,
} from 'drizzle-orm';
import { medias } from '../../db/schema/media';
import { outputs } from '../../db/schema/outputs';
import { sources } from '../../db/schema/streaming';
import { quotas } from '../../db/schema/tenancy';
import type { Db } from '../../plugins/db';
import { escapeLike } from '../users/users.repository';

export type MediaRow = typeof medias.$inferSelect;
const DEFAULT_STORAGE_BYTES = 107_374_182_400;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

/** Library media only: avatars are medias too, but belong to a user, not a workspace. */
const inLibrary = isNotNull(medias.workspaceId);

export class MediasRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db
      .select()
      .from(medias)
      .where(and(eq(medias.id, id), inLibrary));
    return row;
  }

  /** Library media of one workspace by id (the flowchart's fallback medias); unknown ids are left out. */
  async byIdsIn(workspaceId: string, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(medias)
      .where(and(inArray(medias.id, [...ids]), eq(medias.workspaceId, workspaceId)));
  }

  /** True when the media is in the library of this workspace (what sources and players may refer to). */
  async isInWorkspace(mediaId: string, workspaceId: string) {
    const [row] = await this.db
      .select({ id: medias.id })
      .from(medias)
      .where(and(eq(medias.id, mediaId), eq(medias.workspaceId, workspaceId)));
    return !!row;
  }

  /** A media whose file the live engine may play (any origin), once it is ready. */
  async readyById(id: string) {
    const [row] = await this.db
      .select()
      .from(medias)
      .where(and(eq(medias.id, id), eq(medias.status, 'ready')));
    return row;
  }

  async insert(values: typeof medias.$inferInsert) {
    const [row] = await this.db.insert(medias).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof medias.$inferInsert>) {
    const [row] = await this.db.update(medias).set(values).where(eq(medias.id, id)).returning();
    return row;
  }

  /** Takes a waiting media for its upload (waiting -> processing); false when it is not waiting any more. */
  async claimWaiting(id: string) {
    const rows = await this.db
      .update(medias)
      .set({ status: 'processing' })
      .where(and(eq(medias.id, id), eq(medias.status, 'waiting')))
      .returning({ id: medias.id });
    return rows.length === 1;
  }

  async delete(id: string) {
    await this.db.delete(medias).where(eq(medias.id, id));
  }

  /** Library media whose auto-delete time has come, oldest first. */
  expired(now: Date, limit = 50) {
    return this.db
      .select()
      .from(medias)
      .where(and(inLibrary, lte(medias.autoDeleteAt, now)))
      .orderBy(asc(medias.autoDeleteAt))
      .limit(limit);
  }

  /** Bytes a corporation's (or one workspace's) library holds, for the storage quota and usage. */
  async bytesIn(scope: { corporationId?: string; workspaceId?: string | null }) {
    const where = scope.workspaceId
      ? eq(medias.workspaceId, scope.workspaceId)
      : eq(medias.corporationId, scope.corporationId ?? NO_WORKSPACE);
    const [r] = await this.db
      .select({ bytes: sum(medias.sizeBytes) })
      .from(medias)
      .where(where);
    return Number(r?.bytes ?? 0);
  }

  /**
   * Stored bytes of every workspace that holds media, or of those in `scope` (the storage readings of the
   * meter and the usage series' figure of now: the same sum as `bytesIn`, per workspace).
   */
  async bytesPerWorkspace(scope?: { corporationId: string; workspaceId: string | null }) {
    const rows = await this.db
      .select({
        corporationId: medias.corporationId,
        workspaceId: medias.workspaceId,
        bytes: sum(medias.sizeBytes),
      })
      .from(medias)
      .where(
        scope
          ? scope.workspaceId
            ? eq(medias.workspaceId, scope.workspaceId)
            : eq(medias.corporationId, scope.corporationId)
          : undefined,
      )
      .groupBy(medias.corporationId, medias.workspaceId);
    return rows.map((r) => ({ ...r, bytes: Number(r.bytes ?? 0) }));
  }

  /** Names of the re-live sources and players that play this media (fallback or overlay). */
  async usedBy(mediaId: string): Promise<string[]> {
    const src = await this.db
      .select({ name: sources.name })
      .from(sources)
      .where(eq(sources.mediaId, mediaId));
    const out = await this.db
      .select({ name: outputs.name })
      .from(outputs)
      .where(
        or(
          sql`${outputs.settings}->>'fallbackMediaId' = ${mediaId}`,
          sql`${outputs.settings}->'overlay'->>'mediaId' = ${mediaId}`,
        ),
      );
    return [...src, ...out].map((r) => r.name);
  }

  /** The corporation's storage limit in bytes; the column default when it has no quota row. */
  async storageQuota(corporationId: string) {
    const [q] = await this.db
      .select({ max: quotas.maxStorageBytes })
      .from(quotas)
      .where(eq(quotas.corporationId, corporationId));
    return q?.max ?? DEFAULT_STORAGE_BYTES;
  }

  async countIn(scope: { corporationId?: string; workspaceId?: string | null }) {
    const where = scope.workspaceId
      ? eq(medias.workspaceId, scope.workspaceId)
      : and(eq(medias.corporationId, scope.corporationId ?? NO_WORKSPACE), inLibrary);
    const [r] = await this.db.select({ n: count() }).from(medias).where(where);
    return r!.n;
  }

  async list(
    q: MediaListQuery & { corporationId?: string; originId?: string },
    workspaceIds: string[] | undefined,
  ) {
    const filters: SQL[] = [inLibrary];
    if (workspaceIds)
      filters.push(inArray(medias.workspaceId, workspaceIds.length ? workspaceIds : [NO_WORKSPACE]));
    if (q.workspaceId) filters.push(eq(medias.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(medias.corporationId, q.corporationId));
    if (q.origin) filters.push(eq(medias.origin, q.origin));
    if (q.originId) filters.push(eq(medias.originId, q.originId));
    if (q.status) filters.push(eq(medias.status, q.status));
    if (q.search) filters.push(ilike(medias.name, `%${escapeLike(q.search)}%`));
    const where = and(...filters);
    const column = {
      createdAt: medias.createdAt,
      name: sql`lower(${medias.name})`,
      sizeBytes: medias.sizeBytes,
      durationMs: medias.durationMs,
    }[q.sort];
    const direction = q.order === 'asc' ? asc : desc;
    // Page and total in one statement; a page past the end has no row to carry the total: count then.
    const found = await this.db
      .select({ row: getTableColumns(medias), total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(medias)
      .where(where)
      .orderBy(direction(column), asc(medias.id))
      .limit(q.limit)
      .offset(q.offset);
    const total =
      found[0]?.total ??
      (q.offset > 0 ? (await this.db.select({ n: count() }).from(medias).where(where))[0]!.n : 0);
    return { rows: found.map((f) => f.row), total };
  }

  byOrigin(origin: string, q: ByOriginQuery, workspaceIds: string[] | undefined) {
    return this.list(
      { ...q, origin: origin as MediaListQuery['origin'], sort: 'createdAt', order: 'desc' },
      workspaceIds,
    );
  }
}
