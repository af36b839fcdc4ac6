import type { StreamInfo } from '@stromwerk/contracts/stream-info';
import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { streamInfos } from '../../db/schema/streaming';
import type { Db } from '../../plugins/db';

export type StreamInfoRow = typeof streamInfos.$inferSelect;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

export interface StreamInfoFilter {
  /** undefined: every workspace (platform admin). */
  workspaceIds: string[] | undefined;
  sourceId?: string;
  workspaceId?: string;
  limit: number;
  offset: number;
}

export class StreamInfosRepository {
  constructor(private readonly db: Db) {}

  /** Newest first, within the workspaces the caller may see. */
  async list(f: StreamInfoFilter) {
    const filters: SQL[] = [];
    if (f.workspaceIds)
      filters.push(inArray(streamInfos.workspaceId, f.workspaceIds.length ? f.workspaceIds : [NO_WORKSPACE]));
    if (f.sourceId) filters.push(eq(streamInfos.sourceId, f.sourceId));
    if (f.workspaceId) filters.push(eq(streamInfos.workspaceId, f.workspaceId));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db.select({ total: count() }).from(streamInfos).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(streamInfos)
      .where(where)
      .orderBy(desc(streamInfos.streamStart))
      .limit(f.limit)
      .offset(f.offset);
    return { rows, total };
  }

  async byId(id: string) {
    const [row] = await this.db.select().from(streamInfos).where(eq(streamInfos.id, id));
    return row;
  }

  async insert(values: typeof streamInfos.$inferInsert) {
    const [row] = await this.db.insert(streamInfos).values(values).returning();
    return row!;
  }

  async delete(id: string) {
    await this.db.delete(streamInfos).where(eq(streamInfos.id, id));
  }

  async setInfo(id: string, info: StreamInfo) {
    await this.db.update(streamInfos).set({ info }).where(eq(streamInfos.id, id));
  }

  /** The source's open record (the one without an end), if any. */
  async openOf(sourceId: string) {
    const [row] = await this.db
      .select({ id: streamInfos.id })
      .from(streamInfos)
      .where(and(eq(streamInfos.sourceId, sourceId), isNull(streamInfos.streamEnd)))
      .limit(1);
    return row?.id;
  }

  /** Ends the source's open record (the one without an end). */
  async closeOpen(sourceId: string, end: Date) {
    await this.db
      .update(streamInfos)
      .set({ streamEnd: end })
      .where(and(eq(streamInfos.sourceId, sourceId), isNull(streamInfos.streamEnd)));
  }
}
