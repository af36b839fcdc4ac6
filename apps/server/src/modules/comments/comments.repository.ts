import type { CommentListQuery } from '@stromwerk/contracts/comments';
import { and, count, desc, eq, gt, inArray, isNull, lte, or, type SQL } from 'drizzle-orm';
import { comments } from '../../db/schema/outputs';
import type { Db } from '../../plugins/db';

export type CommentRow = typeof comments.$inferSelect;
const NO_WORKSPACE = '00000000-0000-0000-0000-000000000000';
const notExpired = () => or(isNull(comments.expiry), gt(comments.expiry, new Date()));

export class CommentsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string) {
    const [row] = await this.db
      .select()
      .from(comments)
      .where(and(eq(comments.id, id), notExpired()));
    return row;
  }

  async insert(values: typeof comments.$inferInsert) {
    const [row] = await this.db.insert(comments).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<typeof comments.$inferInsert>) {
    const [row] = await this.db.update(comments).set(values).where(eq(comments.id, id)).returning();
    return row;
  }

  async delete(id: string) {
    await this.db.delete(comments).where(eq(comments.id, id));
  }

  /** One statement: all of them or, on a failure, none. */
  async deleteMany(ids: readonly string[]) {
    await this.db.delete(comments).where(inArray(comments.id, [...ids]));
  }

  async updateMany(ids: readonly string[], values: Partial<typeof comments.$inferInsert>) {
    return this.db
      .update(comments)
      .set(values)
      .where(inArray(comments.id, [...ids]))
      .returning();
  }

  /** Removes comments past their expiry; returns how many. */
  async sweep() {
    const gone = await this.db
      .delete(comments)
      .where(lte(comments.expiry, new Date()))
      .returning({ id: comments.id });
    return gone.length;
  }

  async list(q: CommentListQuery & { corporationId?: string }, workspaceIds: string[] | undefined) {
    const filters: SQL[] = [notExpired()!];
    if (workspaceIds)
      filters.push(inArray(comments.workspaceId, workspaceIds.length ? workspaceIds : [NO_WORKSPACE]));
    if (q.workspaceId) filters.push(eq(comments.workspaceId, q.workspaceId));
    if (q.corporationId) filters.push(eq(comments.corporationId, q.corporationId));
    if (q.outputId) filters.push(eq(comments.outputId, q.outputId));
    if (q.approved !== undefined) filters.push(eq(comments.approved, q.approved));
    const where = and(...filters);
    const [{ total }] = (await this.db.select({ total: count() }).from(comments).where(where)) as [
      { total: number },
    ];
    const rows = await this.db
      .select()
      .from(comments)
      .where(where)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total };
  }
}
