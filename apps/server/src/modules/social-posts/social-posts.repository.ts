import { eq } from 'drizzle-orm';
import { socialPosts } from '../../db/schema/social-posts';
import type { Db } from '../../plugins/db';

export type SocialPostRow = typeof socialPosts.$inferSelect;
export type SocialPostInsert = typeof socialPosts.$inferInsert;

/** The only Drizzle code of social posts. */
export class SocialPostsRepository {
  constructor(private readonly db: Db) {}

  async byId(id: string): Promise<SocialPostRow | undefined> {
    const [row] = await this.db.select().from(socialPosts).where(eq(socialPosts.id, id));
    return row;
  }

  async insert(values: SocialPostInsert): Promise<SocialPostRow> {
    const [row] = await this.db.insert(socialPosts).values(values).returning();
    return row!;
  }

  async update(id: string, values: Partial<SocialPostInsert>): Promise<SocialPostRow | undefined> {
    const [row] = await this.db.update(socialPosts).set(values).where(eq(socialPosts.id, id)).returning();
    return row;
  }
}
