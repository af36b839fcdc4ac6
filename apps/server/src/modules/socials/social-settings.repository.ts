import { and, eq, inArray } from 'drizzle-orm';
import { socialOauthApps, socialShares, socials } from '../../db/schema/socials';
import type { Db } from '../../plugins/db';

export type OauthAppRow = typeof socialOauthApps.$inferSelect;
export type ShareRow = typeof socialShares.$inferSelect;

/** The only Drizzle code of install-wide OAuth apps and of connections shared with workspaces. */
export class SocialSettingsRepository {
  constructor(private readonly db: Db) {}

  async oauthApps(): Promise<OauthAppRow[]> {
    return this.db.select().from(socialOauthApps);
  }

  async oauthApp(network: string): Promise<OauthAppRow | undefined> {
    const [row] = await this.db.select().from(socialOauthApps).where(eq(socialOauthApps.network, network));
    return row;
  }

  async saveOauthApp(network: string, clientId: string, secret: string | null | undefined) {
    const values = { clientId, ...(secret === undefined ? {} : { secret }), updatedAt: new Date() };
    await this.db
      .insert(socialOauthApps)
      .values({ network, clientId, secret: secret ?? null })
      .onConflictDoUpdate({ target: socialOauthApps.network, set: values });
  }

  async removeOauthApp(network: string) {
    await this.db.delete(socialOauthApps).where(eq(socialOauthApps.network, network));
  }

  async sharesOf(socialId: string): Promise<ShareRow[]> {
    return this.db.select().from(socialShares).where(eq(socialShares.socialId, socialId));
  }

  async share(socialId: string, workspaceId: string): Promise<ShareRow | undefined> {
    const [row] = await this.db
      .select()
      .from(socialShares)
      .where(and(eq(socialShares.socialId, socialId), eq(socialShares.workspaceId, workspaceId)));
    return row;
  }

  /** All of a connection's shares replaced in one transaction. */
  async replaceShares(socialId: string, items: { workspaceId: string; live: boolean; post: boolean }[]) {
    await this.db.transaction(async (tx) => {
      await tx.delete(socialShares).where(eq(socialShares.socialId, socialId));
      if (items.length) await tx.insert(socialShares).values(items.map((i) => ({ ...i, socialId })));
    });
  }

  /** Connections shared with a workspace for going live or posting (never their secret). */
  async sharedWith(workspaceId: string) {
    const rows = await this.db
      .select({ social: socials, share: socialShares })
      .from(socialShares)
      .innerJoin(socials, eq(socials.id, socialShares.socialId))
      .where(eq(socialShares.workspaceId, workspaceId));
    return rows;
  }

  async socialsByIds(ids: string[]) {
    if (ids.length === 0) return [];
    return this.db.select().from(socials).where(inArray(socials.id, ids));
  }
}
