import type { DraftListQuery } from '@stromwerk/contracts/drafts';
import { and, asc, count, desc, eq, inArray, type SQL } from 'drizzle-orm';
import { drafts } from '../../db/schema/drafts';
import { medias } from '../../db/schema/media';
import type { Db } from '../../plugins/db';

export type DraftRow = typeof drafts.$inferSelect;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';

export class DraftsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db.select().from(drafts).where(eq(drafts.id, id));
    return row;
  }

  async insert(values: typeof drafts.$inferInsert) {
    const [row] = await this.db.insert(drafts).values(values).returning();
    return row!;
  }

  /** Saves only when the row is still at `revision` (optimistic concurrency): undefined otherwise. */
  async updateAt(id: string, revision: number, values: Partial<typeof drafts.$inferInsert>) {
    const [row] = await this.db
      .update(drafts)
      .set({ ...values, revision: revision + 1, updatedAt: new Date() })
      .where(and(eq(drafts.id, id), eq(drafts.revision, revision)))
      .returning();
    return row;
  }

  /** Render bookkeeping: never bumps the revision (it is not an edit). */
  async setRender(id: string, values: Pick<Partial<typeof drafts.$inferInsert>, 'status' | 'lastRender'>) {
    const [row] = await this.db.update(drafts).set(values).where(eq(drafts.id, id)).returning();
    return row;
  }

  async delete(id: string) {
    await this.db.delete(drafts).where(eq(drafts.id, id));
  }

  /** The media of `ids` that live in this workspace (a draft may only use its own workspace's library). */
  mediaIn(workspaceId: string, ids: string[]) {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(medias)
      .where(and(eq(medias.workspaceId, workspaceId), inArray(medias.id, ids)));
  }

  async list(q: DraftListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [];
    if (workspaceIds)
      filters.push(inArray(drafts.workspaceId, workspaceIds.length ? workspaceIds : [NO_WORKSPACE]));
    if (q.workspaceId) filters.push(eq(drafts.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(drafts.corporationId, q.corporationId));
    const where = filters.length ? and(...filters) : undefined;
    const [{ total }] = (await this.db.select({ total: count() }).from(drafts).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(drafts)
      .where(where)
      .orderBy(desc(drafts.updatedAt), asc(drafts.id))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total };
  }
}
