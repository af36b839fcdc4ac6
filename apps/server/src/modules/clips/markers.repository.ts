import { and, asc, count, eq } from 'drizzle-orm';
import { markers } from '../../db/schema/outputs';
import type { Db } from '../../plugins/db';

export type MarkerRow = typeof markers.$inferSelect;

/** Markers of a player's stream (Clipping Tool). */
export class MarkersRepository {
  constructor(private readonly db: Db) {}

  of(outputId: string) {
    return this.db.select().from(markers).where(eq(markers.outputId, outputId)).orderBy(asc(markers.at));
  }

  async countOf(outputId: string) {
    const [row] = await this.db.select({ n: count() }).from(markers).where(eq(markers.outputId, outputId));
    return row?.n ?? 0;
  }

  async insert(values: typeof markers.$inferInsert) {
    const [row] = await this.db.insert(markers).values(values).returning();
    return row!;
  }

  /** True when the marker existed on that output. */
  async delete(outputId: string, id: string) {
    const rows = await this.db
      .delete(markers)
      .where(and(eq(markers.outputId, outputId), eq(markers.id, id)))
      .returning({ id: markers.id });
    return rows.length > 0;
  }
}
