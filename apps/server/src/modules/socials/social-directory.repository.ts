import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { socialPosts } from '../../db/schema/social-posts';
import { socialShares, socials } from '../../db/schema/socials';
import { targets } from '../../db/schema/streaming';
import type { Db } from '../../plugins/db';

/** How many recent posts and live targets tag suggestions read (enough for a "most used" ranking). */
const TAG_HISTORY = 200;

/** `column IN ids`, false for no ids (an empty IN list is not SQL). */
const within = (column: Parameters<typeof inArray>[0], ids: string[]) =>
  ids.length ? inArray(column, ids) : sql`false`;

/** The only Drizzle code of the socials list and tag suggestions (issue 33). */
export class SocialDirectoryRepository {
  constructor(private readonly db: Db) {}

  /** One page of the user's connections and those shared with `workspaceIds`, each once, by name. */
  async visiblePage(
    userId: string,
    workspaceIds: string[],
    q: { limit: number; offset: number; network?: string; search?: string },
  ) {
    const sharedIds = this.db
      .select({ id: socialShares.socialId })
      .from(socialShares)
      .where(within(socialShares.workspaceId, workspaceIds));
    const filters: (SQL | undefined)[] = [
      workspaceIds.length
        ? or(eq(socials.userId, userId), inArray(socials.id, sharedIds))
        : eq(socials.userId, userId),
      q.network ? eq(socials.network, q.network) : undefined,
      q.search ? ilike(socials.name, `%${q.search.replace(/[\\%_]/g, '\\$&')}%`) : undefined,
    ];
    const where = and(...filters);
    const [total] = await this.db.select({ n: count() }).from(socials).where(where);
    const rows = await this.db
      .select()
      .from(socials)
      .where(where)
      .orderBy(asc(socials.name), asc(socials.createdAt))
      .limit(q.limit)
      .offset(q.offset);
    return { rows, total: total?.n ?? 0 };
  }

  /** Which of `workspaceIds` each of `socialIds` is shared with. */
  async sharesIn(socialIds: string[], workspaceIds: string[]) {
    if (socialIds.length === 0 || workspaceIds.length === 0) return [];
    return this.db
      .select({ socialId: socialShares.socialId, workspaceId: socialShares.workspaceId })
      .from(socialShares)
      .where(and(inArray(socialShares.socialId, socialIds), inArray(socialShares.workspaceId, workspaceIds)));
  }

  /**
   * Tags of the connection's recent posts and of the live targets bound to it; `workspaceIds` limits
   * both to those workspaces (undefined: all, for the connection's owner).
   */
  async usedTags(socialId: string, workspaceIds: string[] | undefined) {
    const inPosts = workspaceIds ? within(socialPosts.workspaceId, workspaceIds) : undefined;
    const inTargets = workspaceIds ? within(targets.workspaceId, workspaceIds) : undefined;
    const posts = await this.db
      .select({ tags: socialPosts.tags })
      .from(socialPosts)
      .where(and(eq(socialPosts.socialId, socialId), inPosts))
      .orderBy(desc(socialPosts.createdAt))
      .limit(TAG_HISTORY);
    const live = await this.db
      .select({ tags: sql<string[] | null>`${targets.settings}->'tags'` })
      .from(targets)
      .where(and(sql`${targets.settings}->>'socialId' = ${socialId}`, inTargets))
      .orderBy(desc(targets.updatedAt))
      .limit(TAG_HISTORY);
    return { posts: posts.map((p) => p.tags), live: live.map((t) => (Array.isArray(t.tags) ? t.tags : [])) };
  }
}
